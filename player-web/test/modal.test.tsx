import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, expect, test } from 'vitest';
import { Modal } from '../src/components/ui/modal';
import { installDialogApi, removeDialogApi } from './support/fake-server';

afterEach(removeDialogApi);

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Показать
      </button>
      <Modal open={open} title="Правила клуба" onClose={() => setOpen(false)}>
        <p>Текст правил</p>
      </Modal>
    </>
  );
}

test('a modal opens with its title and content, and its close button closes it', async () => {
  installDialogApi();
  render(<Harness />);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.queryByText('Текст правил')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Показать' }));
  expect(screen.getByRole('dialog', { name: 'Правила клуба' })).toBeTruthy();
  expect(screen.getByText('Текст правил')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.queryByText('Текст правил')).toBeNull();
});

test('Escape (the dialog\'s "cancel") closes it through the app, not behind its back', async () => {
  installDialogApi();
  render(<Harness />);
  await userEvent.click(screen.getByRole('button', { name: 'Показать' }));
  const dialog = screen.getByRole('dialog', { name: 'Правила клуба' });
  const cancel = new Event('cancel', { cancelable: true });
  fireEvent(dialog, cancel);
  expect(cancel.defaultPrevented).toBe(true);
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('without the dialog API (jsdom, older browsers) a modal opens through the open attribute', async () => {
  render(<Harness />);
  await userEvent.click(screen.getByRole('button', { name: 'Показать' }));
  expect(screen.getByRole('dialog', { name: 'Правила клуба' }).hasAttribute('open')).toBe(true);
});

// Browsers without the dialog API (Safari before 15.4) lack close() too: closing must still work.
test('without the dialog API a modal also closes', async () => {
  render(<Harness />);
  await userEvent.click(screen.getByRole('button', { name: 'Показать' }));
  await userEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByRole('button', { name: 'Показать' })).toBeTruthy();
});
