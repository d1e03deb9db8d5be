import { useNavigate } from 'react-router';
import { ui } from '../../../lib/messages';
import { useCourtRules } from '../api/court-rules';

/** /court_rules: the club's rules as plain text (public). */
export function CourtRulesPage() {
  const navigate = useNavigate();
  const rules = useCourtRules();

  return (
    <main className="page">
      <h1>{ui.rules.title}</h1>
      {rules.isError ? (
        <p role="alert" className="error">
          {ui.rules.loadFailed}
        </p>
      ) : (
        <p className="pre" aria-busy={rules.data === undefined}>
          {rules.data ?? ui.loading}
        </p>
      )}
      <button type="button" onClick={() => void navigate(-1)}>
        {ui.back}
      </button>
    </main>
  );
}
