import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test, vi } from 'vitest';
import { CodeInput } from '../src/components/ui/code-input';

function Harness({ onComplete }: { onComplete: (code: string) => void }) {
  const [value, setValue] = useState('');
  return <CodeInput label="Код" value={value} onChange={setValue} onComplete={onComplete} />;
}

test('typing four digits fills the boxes and submits once; letters are ignored', async () => {
  const onComplete = vi.fn();
  render(<Harness onComplete={onComplete} />);
  const first = screen.getByLabelText('Цифра 1');
  expect(first.getAttribute('inputmode')).toBe('numeric');
  await userEvent.click(first);
  await userEvent.keyboard('1a2b34');
  expect(onComplete).toHaveBeenCalledExactlyOnceWith('1234');
  expect(screen.getByLabelText<HTMLInputElement>('Цифра 4').value).toBe('4');
});

test('pasting "12 34" fills all four boxes and submits', () => {
  const onComplete = vi.fn();
  render(<Harness onComplete={onComplete} />);
  fireEvent.paste(screen.getByLabelText('Цифра 1'), { clipboardData: { getData: () => '12 34' } });
  expect(onComplete).toHaveBeenCalledWith('1234');
});
