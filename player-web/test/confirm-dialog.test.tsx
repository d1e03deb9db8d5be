import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, expect, test } from 'vitest';
import { ConfirmDialog } from '../src/components/ui/confirm-dialog';
import { installDialogApi, removeDialogApi } from './support/fake-server';

afterEach(removeDialogApi);

function Harness({ disabled = false }: { disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [said, setSaid] = useState('ничего');
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Удалить
      </button>
      <p>Ответ: {said}</p>
      <ConfirmDialog
        open={open}
        title="Удалить запись?"
        confirmLabel="Да, удалить"
        tone="danger"
        disabled={disabled}
        onConfirm={() => (setSaid('да'), setOpen(false))}
        onCancel={() => (setSaid('нет'), setOpen(false))}
      >
        <p>Запись пропадёт.</p>
      </ConfirmDialog>
    </>
  );
}

test('the question names the action; its button acts, and there is no separate close button', async () => {
  installDialogApi();
  render(<Harness />);
  await userEvent.click(screen.getByRole('button', { name: 'Удалить' }));
  const dialog = screen.getByRole('dialog', { name: 'Удалить запись?' });
  expect(dialog.textContent).toContain('Запись пропадёт.');
  expect(screen.queryByRole('button', { name: 'Закрыть' })).toBeNull();
  const yes = screen.getByRole('button', { name: 'Да, удалить' });
  expect(yes.className).toBe('danger');
  await userEvent.click(yes);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByText('Ответ: да')).toBeTruthy();
});

test('«Нет» and Escape leave everything as it was', async () => {
  installDialogApi();
  render(<Harness />);
  await userEvent.click(screen.getByRole('button', { name: 'Удалить' }));
  await userEvent.click(screen.getByRole('button', { name: 'Нет' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByText('Ответ: нет')).toBeTruthy();

  await userEvent.click(screen.getByRole('button', { name: 'Удалить' }));
  fireEvent(screen.getByRole('dialog', { name: 'Удалить запись?' }), new Event('cancel', { cancelable: true }));
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('while the action is on its way its button waits and the other still closes', async () => {
  installDialogApi();
  render(<Harness disabled />);
  await userEvent.click(screen.getByRole('button', { name: 'Удалить' }));
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Да, удалить' }).disabled).toBe(true);
  await userEvent.click(screen.getByRole('button', { name: 'Нет' }));
  expect(screen.queryByRole('dialog')).toBeNull();
});
