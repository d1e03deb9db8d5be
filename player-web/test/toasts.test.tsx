import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { ToastProvider, useToast, type ToastTone } from '../src/components/ui/toasts';

afterEach(() => vi.useRealTimers());

/** Renders the provider and hands back its `toast` function. */
function renderToasts() {
  const toaster: { show: (text: string, tone?: ToastTone) => void } = { show: () => undefined };
  function Grab() {
    toaster.show = useToast();
    return null;
  }
  render(
    <ToastProvider>
      <Grab />
    </ToastProvider>,
  );
  const show = (text: string, tone?: ToastTone) => act(() => toaster.show(text, tone));
  return { show };
}

const shownTexts = () =>
  within(screen.getByRole('status'))
    .queryAllByText(/.+/, { selector: 'span' })
    .map((element) => element.textContent);

test('at most 20 toasts are on screen: a newer one pushes out the oldest', () => {
  const { show } = renderToasts();
  for (let n = 1; n <= 25; n++) show(`Сообщение ${n}`);
  const texts = shownTexts();
  expect(texts).toHaveLength(20);
  expect(texts[0]).toBe('Сообщение 6');
  expect(texts.at(-1)).toBe('Сообщение 25');
  expect(screen.queryByText('Сообщение 5')).toBeNull();
});

test('a toast goes away by itself; an error one stays longer than a success one', () => {
  vi.useFakeTimers();
  const { show } = renderToasts();
  show('Корт забронирован');
  show('Неверный код', 'error');
  expect(shownTexts()).toEqual(['Корт забронирован', 'Неверный код']);
  act(() => {
    vi.advanceTimersByTime(3_900);
  });
  expect(shownTexts()).toEqual(['Корт забронирован', 'Неверный код']);
  act(() => {
    vi.advanceTimersByTime(100); // 4 s in all
  });
  expect(shownTexts()).toEqual(['Неверный код']);
  act(() => {
    vi.advanceTimersByTime(3_000); // 7 s in all
  });
  expect(shownTexts()).toEqual([]);
});

test('the close button removes that toast only', () => {
  const { show } = renderToasts();
  show('Первое');
  show('Второе');
  show('Третье');
  const second = screen.getByText('Второе').parentElement!;
  fireEvent.click(within(second).getByRole('button', { name: 'Закрыть уведомление' }));
  expect(shownTexts()).toEqual(['Первое', 'Третье']);
});
