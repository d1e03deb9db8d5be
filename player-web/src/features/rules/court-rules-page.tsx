import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { courtRules } from '../auth/api';

/** /court_rules: the club's rules as plain text (public). */
export function CourtRulesPage() {
  const navigate = useNavigate();
  const [text, setText] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    courtRules().then(
      (answer) => setText(answer.detail),
      () => setFailed(true),
    );
  }, []);

  return (
    <main className="page">
      <h1>Правила клуба</h1>
      {failed ? (
        <p role="alert" className="error">
          Не удалось загрузить правила. Проверьте соединение
        </p>
      ) : (
        <p className="pre" aria-busy={text === null}>
          {text ?? 'Загрузка…'}
        </p>
      )}
      <button type="button" onClick={() => void navigate(-1)}>
        Назад
      </button>
    </main>
  );
}
