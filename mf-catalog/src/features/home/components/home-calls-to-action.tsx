import { Link } from 'react-router-dom';
import { NEW_APPLICATION_PATH } from 'shared';
import './home.css';

export function HomeCallsToAction() {
  return (
    <section className="home-cta" aria-labelledby="home-cta-title">
      <h2 id="home-cta-title" className="ui-visually-hidden">
        С чего начать
      </h2>
      <div className="home-cta__card">
        <h3>Нужна услуга?</h3>
        <p>Разместите заявку — исполнители сами предложат цену и сроки.</p>
        <Link className="home-cta__link home-cta__link--primary" to={NEW_APPLICATION_PATH}>
          Разместить заявку
        </Link>
      </div>
      <div className="home-cta__card">
        <h3>Вы исполнитель?</h3>
        <p>Находите заявки по своим услугам и городу и откликайтесь на них.</p>
        <Link className="home-cta__link" to="/application">
          Смотреть заявки
        </Link>
      </div>
      <div className="home-cta__card">
        <h3>Ищете подрядчика?</h3>
        <p>Выберите исполнителя в каталоге по услугам и отзывам.</p>
        <Link className="home-cta__link" to="/executor">
          Каталог исполнителей
        </Link>
      </div>
    </section>
  );
}
