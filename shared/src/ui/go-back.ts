import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Spec §2's «Назад» of the 404 and 403 screens: back to the page of this site before. The first
 * page of a visit (a link opened in a new tab, a typed address, a search result) has none behind it:
 * going back would do nothing, or leave the site (the new-tab page, the search): it goes home.
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const firstOfVisit = useLocation().key === 'default';
  return () => {
    if (firstOfVisit) void navigate('/');
    else void navigate(-1);
  };
}
