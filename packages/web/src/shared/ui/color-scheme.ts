import { createContext } from 'react';

/** Dark mode as the preferences say (app/providers.tsx provides it), for the MUI theme of the lazily loaded screens. */
export const DarkModeContext = createContext(false);
