import { useMediaQuery, type Theme } from '@mui/material';

/** spec 2 §2: wide screens (768 px and up, the theme's `sm`) show the amp list and the detail side by side. */
export const useIsWide = (): boolean => useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'), { noSsr: true });
