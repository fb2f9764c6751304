import type { ReactNode } from 'react';
import { IconButton } from '../../../shared/ui/plain/icon-button';

/** An icon button of an amp card: labelled, with a tooltip; a link when `to` is given. */
export function CardIconButton(props: {
  label: string;
  to?: string;
  onClick?: (anchor: HTMLElement) => void;
  disabled?: boolean;
  pressed?: boolean;
  children: ReactNode;
  hasPopup?: boolean;
}) {
  return <IconButton {...props} />;
}
