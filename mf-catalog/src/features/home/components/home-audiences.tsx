import { Link } from 'react-router-dom';
import './home.css';

/** What the marketplace gives each side. */
export function HomeAudiences() {
  return (
    <section className="home-section" aria-labelledby="home-audiences-title">
      <h2 id="home-audiences-title">Как работает сервис</h2>
      <div className="home-audiences">
        <div className="home-audiences__card">
          <h3>Заказчикам</h3>
          <ul>
            <li>Публикуйте заявку: что сделать, где, к какому сроку и за какой бюджет.</li>
            <li>Получайте отклики от исполнителей и сравнивайте их условия.</li>
            <li>Переписывайтесь с исполнителем в личном кабинете, не раскрывая телефон.</li>
            <li>Подписывайте договор и отчёт о выполнении кодом из СМС и платите за результат.</li>
          </ul>
          <Link to="/guarantees">Какие гарантии мы даём</Link>
        </div>
        <div className="home-audiences__card">
          <h3>Исполнителям</h3>
          <ul>
            <li>Находите заявки по своим услугам и городу — фильтры и карта заявок.</li>
            <li>Откликайтесь и предлагайте цену и сроки, пока заявка принимает отклики.</li>
            <li>Ведите работу, документы и оплату в одном месте.</li>
            <li>Собирайте выполненные заявки в профиле — их видят будущие заказчики.</li>
          </ul>
          <Link to="/reference">Справка для исполнителей</Link>
        </div>
      </div>
    </section>
  );
}
