/**
 * What a name field tells the user under it: the amp's maxLength as a live counter, and why a draft is not sent (too
 * long, or empty where a name is required). The amp would cut a long string silently (spec 2 §5 clamp), so the
 * page refuses it instead.
 */
import Box from '@mui/material/Box';

/** Why a draft cannot go to the amp, if it cannot. */
export type TextProblem = 'tooLong' | 'empty' | undefined;

export function textProblem(text: string, maxLength: number | undefined, required: boolean): TextProblem {
  if (maxLength !== undefined && text.length > maxLength) return 'tooLong';
  if (required && text.trim() === '') return 'empty';
  return undefined;
}

/** The helper line: the message (announced) on the left, the counter on the right. */
export function TextLimitHelper({ message, counter }: { message?: string | undefined; counter?: string | undefined }) {
  return (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
      <span role={message ? 'alert' : undefined}>{message}</span>
      {counter !== undefined && <span>{counter}</span>}
    </Box>
  );
}
