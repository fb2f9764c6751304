import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextLimitHelper, textProblem } from './text-limit';

describe('text limit (issue 18)', () => {
  it('refuses a text longer than the amp keeps, whether or not a name is required', () => {
    expect(textProblem('a'.repeat(33), 32, false)).toBe('tooLong');
    expect(textProblem('a'.repeat(32), 32, true)).toBeUndefined();
  });

  it('refuses an empty or blank text only where a name is required', () => {
    expect(textProblem('', 32, true)).toBe('empty');
    expect(textProblem('   ', 32, true)).toBe('empty');
    expect(textProblem('', 32, false)).toBeUndefined();
    expect(textProblem('', undefined, false)).toBeUndefined();
  });

  it('announces the message and shows the counter beside it', () => {
    const { rerender } = render(<TextLimitHelper counter="3/32" />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('3/32')).toBeInTheDocument();
    rerender(<TextLimitHelper message="Enter a name." counter="0/32" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a name.');
  });
});
