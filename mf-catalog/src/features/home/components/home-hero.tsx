import type { ReactNode } from 'react';
import './home.css';

/** What the marketplace does, in three steps, with the search form passed in by the page. */
export function HomeHero({ search }: { search: ReactNode }) {
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <h1 id="home-hero-title" className="home-hero__title">
        Заявки на услуги и исполнители в одном месте
      </h1>
      <p className="home-hero__lead">
        Заказчики публикуют заявки на услуги, исполнители откликаются и предлагают условия. Договор и отчёт
        о выполнении работ подписываются кодом из СМС — без бумаги и поездок.
      </p>
      <div className="home-hero__search">{search}</div>
      <ol className="home-steps">
        <li>
          <strong>Опубликуйте заявку</strong>
          <span>Опишите задачу, срок, бюджет и адрес.</span>
        </li>
        <li>
          <strong>Выберите исполнителя</strong>
          <span>Сравните отклики и договоритесь в сообщениях.</span>
        </li>
        <li>
          <strong>Подпишите по СМС</strong>
          <span>Договор и отчёт о выполнении — кодом из СМС.</span>
        </li>
      </ol>
    </section>
  );
}
