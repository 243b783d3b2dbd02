import { Link } from 'react-router-dom';
import { Placeholder } from './info-page';
import './info.css';

/**
 * The operator's contact details are not part of the product spec: each is a marked placeholder
 * until the operator supplies it (see also the privacy policy's operator section).
 */
export function ContactsContent() {
  return (
    <section className="prose" aria-labelledby="contacts-title">
      <h2 id="contacts-title">Как с нами связаться</h2>
      <dl>
        <dt>Телефон службы поддержки</dt>
        <dd>
          <Placeholder>номер телефона</Placeholder>
        </dd>
        <dt>Электронная почта</dt>
        <dd>
          <Placeholder>адрес электронной почты поддержки</Placeholder>
        </dd>
        <dt>Часы работы</dt>
        <dd>
          <Placeholder>дни и часы работы поддержки</Placeholder>
        </dd>
        <dt>Почтовый адрес</dt>
        <dd>
          <Placeholder>почтовый адрес оператора</Placeholder>
        </dd>
      </dl>

      <h3>Другие способы</h3>
      <ul>
        <li>
          Вопросы по конкретной заявке удобнее всего задавать в сообщениях личного кабинета — так у специалиста сразу будет
          вся история.
        </li>
        <li>
          Закажите обратный звонок — форма рядом. Мы перезвоним на указанный номер.
        </li>
        <li>
          Ответы на частые вопросы собраны в <Link to="/reference">справке</Link>, а о бесплатной помощи с заявкой — на
          странице <Link to="/consultations">консультаций</Link>.
        </li>
      </ul>

      <h3>Обращения о персональных данных</h3>
      <p>
        Запросы об обработке персональных данных принимаются по адресам, указанным в{' '}
        <Link to="/privacy-policy">политике обработки персональных данных</Link>.
      </p>
    </section>
  );
}
