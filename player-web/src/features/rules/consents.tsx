import { messages } from '@kort/contracts';
import { useId, useState } from 'react';
import { Modal } from '../../components/ui/modal';
import { courtRules } from '../auth/api';
import { PERSONAL_DATA_TEXT } from './personal-data';

interface ConsentsProps {
  rules: boolean;
  personalData: boolean;
  onRules: (checked: boolean) => void;
  onPersonalData: (checked: boolean) => void;
}

/** The two consent checkboxes with their texts in modals (registration and the rules screen). */
export function Consents({ rules, personalData, onRules, onPersonalData }: ConsentsProps) {
  const id = useId();
  const [modal, setModal] = useState<{ title: string; text: string } | null>(null);

  async function showRules() {
    setModal({ title: 'Правила клуба', text: 'Загрузка…' });
    try {
      setModal({ title: 'Правила клуба', text: (await courtRules()).detail });
    } catch {
      setModal({ title: 'Правила клуба', text: messages.networkTrouble });
    }
  }

  return (
    <>
      <div className="consent">
        <input id={`${id}-rules`} type="checkbox" checked={rules} onChange={(e) => onRules(e.target.checked)} />
        <span>
          <label htmlFor={`${id}-rules`}>Я принимаю</label>{' '}
          <button type="button" className="inline" onClick={() => void showRules()}>
            правила клуба
          </button>
        </span>
      </div>
      <div className="consent">
        <input
          id={`${id}-personal-data`}
          type="checkbox"
          checked={personalData}
          onChange={(e) => onPersonalData(e.target.checked)}
        />
        <span>
          <label htmlFor={`${id}-personal-data`}>Я даю согласие на</label>{' '}
          <button
            type="button"
            className="inline"
            onClick={() => setModal({ title: 'Персональные данные', text: PERSONAL_DATA_TEXT })}
          >
            обработку персональных данных
          </button>
        </span>
      </div>
      <Modal open={modal !== null} title={modal?.title ?? ''} onClose={() => setModal(null)}>
        <p className="pre">{modal?.text}</p>
      </Modal>
    </>
  );
}
