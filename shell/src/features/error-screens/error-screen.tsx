import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGoBack } from 'shared';

export type ErrorStatus = 404 | 403 | 500;

export const errorTexts: Record<ErrorStatus, { title: string; description: string }> = {
  404: {
    title: 'Страница не найдена',
    description: 'Неправильно набран адрес или такой страницы больше не существует.',
  },
  403: {
    title: 'Доступ к странице ограничен',
    description: 'У вас нет прав для просмотра этой страницы.',
  },
  500: {
    title: 'Внутренняя ошибка сервера',
    description: 'Что-то пошло не так. Попробуйте обновить страницу позже.',
  },
};

type Props = {
  status: ErrorStatus;
  detail?: string;
  /** The detail's language where it is not Russian: spec §2's «Page not found: {path}» is English. */
  detailLang?: string;
};

/** 404, 403 and 500 screens of spec §2 with the buttons 'На главную' and 'Назад'. */
export function ErrorScreen({ status, detail, detailLang }: Props) {
  const navigate = useNavigate();
  const goBack = useGoBack();
  const heading = useRef<HTMLHeadingElement>(null);
  const { title, description } = errorTexts[status];
  useEffect(() => {
    document.title = `${title} — Маркетплейс услуг`;
    heading.current?.focus();
  }, [title]);
  return (
    <section className="error-screen" aria-labelledby="error-screen-title">
      <p className="error-screen-status" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-screen-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p>{description}</p>
      {detail ? (
        <p className="error-screen-detail" lang={detailLang}>
          {detail}
        </p>
      ) : null}
      <div className="error-screen-actions">
        <button type="button" className="button button-primary" onClick={() => navigate('/')}>
          На главную
        </button>
        <button type="button" className="button" onClick={goBack}>
          Назад
        </button>
      </div>
    </section>
  );
}
