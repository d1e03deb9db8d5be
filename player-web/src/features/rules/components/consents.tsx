import { messages } from '@kort/contracts';
import { useId, useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { ui } from '../../../lib/messages';
import { useCourtRules } from '../api/court-rules';
import { RulesText } from './rules-text';

interface ConsentsProps {
  rules: boolean;
  personalData: boolean;
  onRules: (checked: boolean) => void;
  onPersonalData: (checked: boolean) => void;
}

/** The two consent checkboxes with their texts in modals (registration and the rules screen). */
export function Consents({ rules, personalData, onRules, onPersonalData }: ConsentsProps) {
  const id = useId();
  const [modal, setModal] = useState<'rules' | 'personal-data' | null>(null);
  // Asked for when the player opens the rules, not before.
  const rulesText = useCourtRules({ enabled: modal === 'rules' });
  const text =
    modal === 'personal-data'
      ? ui.consents.personalDataText
      : (rulesText.data ?? (rulesText.isError && !rulesText.isFetching ? messages.networkTrouble : ui.loading));

  return (
    <>
      <div className="consent">
        <input id={`${id}-rules`} type="checkbox" checked={rules} onChange={(e) => onRules(e.target.checked)} />
        <span>
          <label htmlFor={`${id}-rules`}>{ui.consents.rulesLabel}</label>{' '}
          <button type="button" className="inline" onClick={() => setModal('rules')}>
            {ui.consents.rulesLink}
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
          <label htmlFor={`${id}-personal-data`}>{ui.consents.personalDataLabel}</label>{' '}
          <button type="button" className="inline" onClick={() => setModal('personal-data')}>
            {ui.consents.personalDataLink}
          </button>
        </span>
      </div>
      <Modal
        open={modal !== null}
        title={modal === 'personal-data' ? ui.consents.personalDataTitle : ui.rules.title}
        onClose={() => setModal(null)}
      >
        {modal === 'rules' && rulesText.data !== undefined ? (
          <RulesText text={rulesText.data} headingLevel={3} />
        ) : (
          <p className="pre">{text}</p>
        )}
      </Modal>
    </>
  );
}
