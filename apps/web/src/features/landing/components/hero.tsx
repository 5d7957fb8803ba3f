import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import BoltRounded from '@mui/icons-material/BoltRounded';
import DnsRounded from '@mui/icons-material/DnsRounded';
import EnergySavingsLeafRounded from '@mui/icons-material/EnergySavingsLeafRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';

import { useMediaQuery } from '../../../hooks/use-media-query';
import { useReducedMotion } from '../../../hooks/use-reduced-motion';
import { landingSections, paths } from '../../../lib/paths';
import { scrollToElement } from '../../../utils/scroll-to-element';

export const HERO_MEDIA = {
  mp4: '/media/hero.mp4',
  webm: '/media/hero.webm',
  poster: '/media/hero-poster.webp',
} as const;

/** Screens at least this wide get the film; phones get the still. */
export const HERO_VIDEO_QUERY = '(min-width: 600px)';

/** The browser's Save-Data (Data Saver) setting, where it has one. */
function saveDataRequested(): boolean {
  const connection = (
    navigator as Navigator & { connection?: { saveData?: boolean } }
  ).connection;
  return connection?.saveData === true;
}

/**
 * Whether to play the film: not on small screens, where it would cost a
 * phone about 300 KB for a backdrop, and not when the browser asks to save
 * data (issue 11, landing weight). Read on the first render, so the video
 * is never requested when it is not shown.
 */
function useHeroVideo(): boolean {
  const wide = useMediaQuery(HERO_VIDEO_QUERY);
  return wide && !saveDataRequested();
}

const backdropSx = {
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  pointerEvents: 'none',
} as const;

/** The film's first frame as a still, for phones and Save-Data. */
function HeroPoster() {
  return (
    <Box
      component="img"
      src={HERO_MEDIA.poster}
      alt=""
      aria-hidden="true"
      decoding="async"
      sx={backdropSx}
    />
  );
}

/**
 * The decorative background film. Muted, looped and inline so browsers let it
 * autoplay; with reduced motion asked for, it stays on its poster frame.
 */
function HeroVideo() {
  const reduceMotion = useReducedMotion();
  const ref = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    // React renders `muted` as a property only; autoplay rules look at both.
    video.muted = true;
    video.defaultMuted = true;
    if (reduceMotion) {
      video.pause();
    } else {
      // A refused autoplay (power saving) leaves the poster: fine.
      video.play()?.catch(() => undefined);
    }
  }, [reduceMotion]);

  return (
    <Box
      component="video"
      ref={ref}
      aria-hidden="true"
      tabIndex={-1}
      muted
      loop
      playsInline
      autoPlay={!reduceMotion}
      preload={reduceMotion ? 'none' : 'auto'}
      poster={HERO_MEDIA.poster}
      disablePictureInPicture
      sx={backdropSx}
    >
      <source src={HERO_MEDIA.webm} type="video/webm" />
      <source src={HERO_MEDIA.mp4} type="video/mp4" />
    </Box>
  );
}

const highlights = [
  { icon: <BoltRounded />, text: 'A weekly plan in milliseconds' },
  { icon: <EnergySavingsLeafRounded />, text: 'Less food thrown away' },
  { icon: <DnsRounded />, text: 'Runs on your own server' },
];

export function Hero({ signedIn = false }: { signedIn?: boolean }) {
  const showVideo = useHeroVideo();
  return (
    <Box
      component="section"
      id={landingSections.home}
      aria-labelledby="hero-title"
      tabIndex={-1}
      sx={{
        position: 'relative',
        overflow: 'hidden',
        color: '#fff',
        bgcolor: '#0d1a12',
        // Focus rings show light on the dark film (app/theme.ts).
        '--pw-focus-ring': '#ffffff',
        minHeight: { xs: 'max(620px, 100svh)', md: 'max(640px, 92vh)' },
        display: 'flex',
        alignItems: 'center',
        outline: 'none',
      }}
    >
      {showVideo ? <HeroVideo /> : <HeroPoster />}
      <Box
        aria-hidden="true"
        sx={{
          position: 'absolute',
          inset: 0,
          background: {
            xs: 'linear-gradient(180deg, rgba(7,18,11,0.72) 0%, rgba(7,18,11,0.78) 55%, rgba(7,18,11,0.9) 100%)',
            md: 'linear-gradient(90deg, rgba(7,18,11,0.9) 0%, rgba(7,18,11,0.74) 45%, rgba(7,18,11,0.35) 100%)',
          },
        }}
      />
      <Container
        maxWidth="lg"
        sx={{
          position: 'relative',
          pt: { xs: 13, md: 14 },
          pb: { xs: 8, md: 10 },
        }}
      >
        <Box sx={{ maxWidth: 680 }}>
          <Box
            component="p"
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              height: 24,
              px: 1.25,
              mt: 0,
              mb: 3,
              borderRadius: 999,
              fontSize: '0.8125rem',
              color: '#fff',
              fontWeight: 600,
              bgcolor: 'rgba(255,255,255,0.14)',
              border: '1px solid rgba(255,255,255,0.28)',
              backdropFilter: 'blur(6px)',
            }}
          >
            Self-hostable meal planner
          </Box>
          <Typography
            id="hero-title"
            variant="h1"
            sx={{
              fontSize: { xs: '2.35rem', sm: '3.2rem', md: '4rem' },
              mb: 2.5,
              textWrap: 'balance',
            }}
          >
            Weekly meal plans that share ingredients,{' '}
            <Box component="span" sx={{ color: '#a5dcb7' }}>
              not leftovers
            </Box>
          </Typography>
          <Typography
            sx={{
              fontSize: { xs: '1.05rem', md: '1.25rem' },
              lineHeight: 1.6,
              color: 'rgba(255,255,255,0.88)',
              mb: 4,
              maxWidth: 600,
            }}
          >
            Platewise plans your breakfasts, lunches and dinners so the bunch of
            coriander you buy for Monday ends up in Thursday’s curry, not the
            bin. You get a grocery list split into fresh and pantry items, and a
            new plan whenever you want one.
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ mb: 5 }}
          >
            <Button
              component={RouterLink}
              to={
                signedIn
                  ? paths.user.dashboard.getHref()
                  : paths.signup.getHref()
              }
              variant="contained"
              color="secondary"
              size="large"
              sx={{ py: 1.5, px: 3.5, fontSize: '1.05rem' }}
            >
              {signedIn ? 'Go to dashboard' : 'Start Planning'}
            </Button>
            <Button
              variant="outlined"
              size="large"
              endIcon={<ArrowDownwardRounded />}
              onClick={() => scrollToElement(landingSections.howItWorks)}
              sx={{
                py: 1.5,
                px: 3.5,
                fontSize: '1.05rem',
                color: '#fff',
                borderColor: 'rgba(255,255,255,0.6)',
                '&:hover': {
                  borderColor: '#fff',
                  bgcolor: 'rgba(255,255,255,0.1)',
                },
              }}
            >
              See How it Works
            </Button>
          </Stack>
          <Stack
            component="ul"
            direction={{ xs: 'column', md: 'row' }}
            spacing={{ xs: 1.25, md: 3 }}
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              width: { md: 'max-content' },
              whiteSpace: { md: 'nowrap' },
            }}
          >
            {highlights.map((item) => (
              <Box
                component="li"
                key={item.text}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  color: 'rgba(255,255,255,0.9)',
                  fontSize: '0.95rem',
                  fontWeight: 500,
                  '& svg': { color: '#f0a46a', fontSize: 20 },
                }}
              >
                {item.icon}
                {item.text}
              </Box>
            ))}
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
