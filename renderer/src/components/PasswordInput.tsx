// The one field a protected PDF's password is typed in (the failed task's prompt, the review's): never
// autofilled, spell-checked or remembered by the browser; its owner empties it once the password is sent.
import type { InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'value'> & {
  value: string;
  onValue(value: string): void;
};

export function PasswordInput({ value, onValue, ...rest }: Props) {
  return (
    <input
      {...rest}
      type="password"
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={(e) => onValue(e.target.value)}
    />
  );
}
