import { Link } from 'react-router-dom';

export function Footer() {
  return (
    <footer className="app-footer">
      <nav aria-label="Дополнительная навигация">
        <ul>
          <li><Link to="/consultations">Консультации</Link></li>
          <li><Link to="/guarantees">Гарантии</Link></li>
          <li><Link to="/reference">Справка</Link></li>
          <li><Link to="/privacy-policy">Политика конфиденциальности</Link></li>
        </ul>
      </nav>
      <p>© {new Date().getFullYear()} Маркетплейс услуг</p>
    </footer>
  );
}
