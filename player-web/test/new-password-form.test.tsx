import { AuthError } from '@kort/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { NewPasswordForm } from '../src/components/new-password-form';
import { ApiError } from '../src/lib/api-client';

function renderForm(onSubmit = vi.fn(() => Promise.resolve())) {
  render(<NewPasswordForm submitLabel="Сохранить пароль" onSubmit={onSubmit} />);
  return onSubmit;
}
const save = () => userEvent.click(screen.getByRole('button', { name: 'Сохранить пароль' }));

test('an empty form says "Введите новый пароль" in words and sends nothing', async () => {
  const onSubmit = renderForm();
  await save();
  expect(screen.getByRole('alert').textContent).toBe('Введите новый пароль');
  expect(screen.queryByText('Пароль не может быть нулевым')).toBeNull();
  expect(onSubmit).not.toHaveBeenCalled();
});

test('a second field left empty asks to repeat the password, not "they differ"', async () => {
  const onSubmit = renderForm();
  await userEvent.type(screen.getByLabelText('Новый пароль'), 'Пароль-2026');
  await save();
  expect(screen.getByText('Повторите пароль во втором поле')).toBeTruthy();
  expect(screen.queryByText('Новые пароли не совпадают')).toBeNull();
  await userEvent.type(screen.getByLabelText('Новый пароль ещё раз'), 'Пароль-2027');
  expect(screen.getByText('Новые пароли не совпадают')).toBeTruthy();
  expect(onSubmit).not.toHaveBeenCalled();
});

test("the server's 422 still reads the spec's text for that status", async () => {
  renderForm(vi.fn(() => Promise.reject(new ApiError(422, AuthError.NewPasswordEmpty, 'x'))));
  await userEvent.type(screen.getByLabelText('Новый пароль'), 'Пароль-2026');
  await userEvent.type(screen.getByLabelText('Новый пароль ещё раз'), 'Пароль-2026');
  await save();
  expect((await screen.findByRole('alert')).textContent).toBe('Пароль не может быть нулевым');
});
