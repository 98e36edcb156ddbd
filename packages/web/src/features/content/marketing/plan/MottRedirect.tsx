import { Navigate, useLocation } from 'react-router';

/**
 * /mott, the marketing suite's own address, opens today's recommendations (/mott-recommend) with
 * its query kept (a reportId still opens that report on /mott-idea). docs/shell.md.
 */
export default function MottRedirect() {
  const { search } = useLocation();
  const target = new URLSearchParams(search).has('reportId') ? '/mott-idea' : '/mott-recommend';
  return <Navigate to={`${target}${search}`} replace />;
}
