import { Box, useTheme } from '@mui/material';
import { useTranslation } from 'react-i18next';

const W = 280;
const H = 170;

/** A browser window frame with an address bar holding the amp's address. */
function Browser({ children, label }: { children: React.ReactNode; label: string }) {
  const theme = useTheme();
  const line = theme.palette.text.secondary;
  return (
    <Box component="figure" sx={{ m: 0, flex: '1 1 240px', maxWidth: W }}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} width="100%">
        <rect x="1" y="1" width={W - 2} height={H - 2} rx="8" fill={theme.palette.background.paper} stroke={line} />
        <path d={`M1 24h${W - 2}`} stroke={line} />
        {[12, 24, 36].map((x) => (
          <circle key={x} cx={x} cy="12.5" r="3.5" fill={line} opacity={0.5} />
        ))}
        <rect x="50" y="6" width="170" height="13" rx="6" fill="none" stroke={line} />
        <text x="58" y="16" fontSize="9" fill={line} fontFamily="monospace">
          http://192.168.1.20
        </text>
        {children}
      </svg>
    </Box>
  );
}

/** spec 1 §2 Add Amp: the amp's network page (where its IP address is) and its page with the Connect button. */
export function AmpIllustrations() {
  const { t } = useTranslation('venues');
  const theme = useTheme();
  const text = theme.palette.text.primary;
  const muted = theme.palette.text.secondary;
  const accent = theme.palette.primary.main;
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: 'center' }}>
      <Browser label={t('addAmp.networkFigure')}>
        <text x="16" y="48" fontSize="13" fontWeight="600" fill={text}>
          {t('addAmp.figureNetwork')}
        </text>
        <text x="16" y="76" fontSize="10" fill={muted}>
          {t('addAmp.figureIp')}
        </text>
        <rect x="16" y="82" width="150" height="22" rx="4" fill="none" stroke={accent} strokeWidth="2" />
        <text x="24" y="97" fontSize="11" fill={text} fontFamily="monospace">
          192.168.1.20
        </text>
        {[118, 134, 150].map((y) => (
          <rect key={y} x="16" y={y} width={y === 150 ? 120 : 220} height="7" rx="3" fill={muted} opacity={0.25} />
        ))}
      </Browser>
      <Browser label={t('addAmp.connectFigure')}>
        <text x="16" y="48" fontSize="13" fontWeight="600" fill={text}>
          {t('addAmp.figureConnect')}
        </text>
        <text x="16" y="72" fontSize="10" fill={muted}>
          {t('addAmp.figureToken')}
        </text>
        <rect x="16" y="78" width="248" height="22" rx="4" fill="none" stroke={muted} />
        <text x="24" y="93" fontSize="10" fill={muted} fontFamily="monospace">
          ••••••••••••••••••••
        </text>
        <rect x="16" y="114" width="96" height="28" rx="5" fill={accent} />
        <text
          x="64"
          y="132"
          fontSize="11"
          fontWeight="600"
          fill={theme.palette.primary.contrastText}
          textAnchor="middle"
        >
          {t('addAmp.figureButton')}
        </text>
      </Browser>
    </Box>
  );
}
