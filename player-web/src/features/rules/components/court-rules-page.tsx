import { useNavigate } from 'react-router';
import { ui } from '../../../lib/messages';
import { useCourtRules } from '../api/court-rules';
import { RulesText } from './rules-text';

/** /court_rules: the club's rules, with their headings and numbered points (public). */
export function CourtRulesPage() {
  const navigate = useNavigate();
  const rules = useCourtRules();

  return (
    <main className="page court-rules">
      <h1>{ui.rules.title}</h1>
      {rules.isError ? (
        <p role="alert" className="error">
          {ui.rules.loadFailed}
        </p>
      ) : rules.data === undefined ? (
        <p role="status">{ui.loading}</p>
      ) : (
        <RulesText text={rules.data} />
      )}
      <div className="actions">
        <button type="button" onClick={() => void navigate(-1)}>
          {ui.back}
        </button>
      </div>
    </main>
  );
}
