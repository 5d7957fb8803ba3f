import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import BoltRounded from '@mui/icons-material/BoltRounded';
import DnsRounded from '@mui/icons-material/DnsRounded';
import EnergySavingsLeafRounded from '@mui/icons-material/EnergySavingsLeafRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';

import { useReducedMotion } from '../../../hooks/use-reduced-motion';
import { landingSections, paths } from '../../../lib/paths';
import { scrollToElement } from '../../../utils/scroll-to-element';

export const HERO_MEDIA = {
  mp4: '/media/hero.mp4',
  webm: '/media/hero.webm',
  poster: '/media/hero-poster.jpg',
} as const;

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
      sx={{
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        objectFit: 'cover',
        pointerEvents: 'none',
      }}
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

export function Hero() {
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
        minHeight: { xs: 'max(620px, 100svh)', md: 'max(640px, 92vh)' },
        display: 'flex',
        alignItems: 'center',
        outline: 'none',
      }}
    >
      <HeroVideo />
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
          <Chip
            label="Self-hostable meal planner"
            size="small"
            sx={{
              mb: 3,
              color: '#fff',
              fontWeight: 600,
              bgcolor: 'rgba(255,255,255,0.14)',
              border: '1px solid rgba(255,255,255,0.28)',
              backdropFilter: 'blur(6px)',
            }}
          />
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
              to={paths.signup.getHref()}
              variant="contained"
              color="secondary"
              size="large"
              sx={{ py: 1.5, px: 3.5, fontSize: '1.05rem' }}
            >
              Start Planning
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
