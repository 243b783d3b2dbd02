import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Spec §2's «Назад» of the 404 and 403 screens: back to the page before. The first page of a
 * visit in a new tab (a link opened in one, a typed address) has nothing behind it, where going
 * back would do nothing: it goes home.
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const firstOfVisit = useLocation().key === 'default';
  return () => {
    if (firstOfVisit && window.history.length <= 1) void navigate('/');
    else void navigate(-1);
  };
}
