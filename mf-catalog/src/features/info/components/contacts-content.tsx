import { Link } from 'react-router-dom';
import { OperatorDetail } from './info-page';
import './info.css';

/**
 * The operator's contact details are not part of the product spec: a deployment sets them
 * (`OPERATOR_*`, the runtime configuration) and each one it has not is a marked placeholder (see
 * also the privacy policy's operator section).
 */
export function ContactsContent() {
  return (
    <section className="prose" aria-labelledby="contacts-title">
      <h2 id="contacts-title">Как с нами связаться</h2>
      <dl>
        <dt>Телефон службы поддержки</dt>
        <dd>
          <OperatorDetail field="phone">номер телефона</OperatorDetail>
        </dd>
        <dt>Электронная почта</dt>
        <dd>
          <OperatorDetail field="email">адрес электронной почты поддержки</OperatorDetail>
        </dd>
        <dt>Часы работы</dt>
        <dd>
          <OperatorDetail field="supportHours">дни и часы работы поддержки</OperatorDetail>
        </dd>
        <dt>Почтовый адрес</dt>
        <dd>
          <OperatorDetail field="postalAddress">почтовый адрес оператора</OperatorDetail>
        </dd>
      </dl>

      <h3>Другие способы</h3>
      <ul>
        <li>
          Вопросы по конкретной заявке удобнее всего задавать в сообщениях личного кабинета — так у специалиста сразу будет
          вся история.
        </li>
        <li>
          Закажите обратный звонок — форма на этой странице. Мы перезвоним на указанный номер.
        </li>
        <li>
          Ответы на частые вопросы собраны в <Link to="/reference">справке</Link>, а о помощи с заявкой
          рассказано на странице <Link to="/consultations">консультаций</Link>.
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
