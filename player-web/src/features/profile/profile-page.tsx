import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { logout, myName } from '../auth/api';

/** "Мои игры": filled in as the booking screens land; today it greets the player. */
export function ProfilePage() {
  const navigate = useNavigate();
  const [name, setName] = useState<string | null>(null);

  useEffect(() => {
    myName().then(
      (answer) => setName(answer.detail),
      () => undefined,
    );
  }, []);

  return (
    <main className="page">
      <h1>Мои игры</h1>
      <p aria-live="polite">{name === null ? 'Загрузка…' : `Здравствуйте, ${name}!`}</p>
      <button type="button" onClick={() => void logout().finally(() => void navigate('/login'))}>
        Выйти
      </button>
    </main>
  );
}
