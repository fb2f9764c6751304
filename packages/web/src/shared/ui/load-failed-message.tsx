import { Button, Typography } from '@mui/material';
import { CenteredMessage } from './centered-message';

/** A page whose data could not be loaded: its title as the h1, why, and a Retry that asks again. */
export function LoadFailedMessage({
  title,
  message,
  retryLabel,
  onRetry,
}: {
  title: string;
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <CenteredMessage title={title} headingLevel="h1">
      <Typography color="textSecondary">{message}</Typography>
      <Button variant="outlined" onClick={onRetry}>
        {retryLabel}
      </Button>
    </CenteredMessage>
  );
}
