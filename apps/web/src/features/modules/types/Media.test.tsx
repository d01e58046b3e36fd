import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoModules, makeModule, renderWithModuleContext } from '../test-fixtures';
import Audio from './Audio';
import Video from './Video';

describe('Audio', () => {
  it('plays data.value in the browser player, loaded only on play, with a link to the file', () => {
    const module = demoModules('product', 504).find((item) => item.type === 'Audio');
    if (!module) throw new Error('no module');
    const { container } = renderWithModuleContext(<Audio module={module} />);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Audio: How to taste a flight (3 min)' }),
    ).toBeInTheDocument();
    const audio = container.querySelector('audio');
    expect(audio).toHaveAttribute('src', 'https://audio.trailpass.example/how-to-taste-a-flight.mp3');
    expect(audio).toHaveAttribute('preload', 'none');
    expect(audio).toHaveAttribute('controls');
    expect(screen.getByRole('link', { name: 'Open the audio file' })).toHaveAttribute(
      'href',
      'https://audio.trailpass.example/how-to-taste-a-flight.mp3',
    );
  });

  it('renders nothing for a missing or unsafe source', () => {
    const { container } = renderWithModuleContext(
      <Audio module={makeModule({ id: 1, type: 'Audio', data: { value: 'javascript:alert(1)' } })} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('Video', () => {
  it('shows data.video with its poster and title in a 16:9 box, with a link to the file', () => {
    const module = demoModules('offer', 101).find((item) => item.type === 'Video');
    if (!module) throw new Error('no module');
    const video = module.data.video as { poster: string };
    video.poster = '/pass/media/brew-trail-hero.svg';
    const { container } = renderWithModuleContext(<Video module={module} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Meet the Brewers' })).toBeInTheDocument();
    const element = container.querySelector('video');
    expect(element).toHaveAttribute('src', 'https://video.trailpass.example/brew-trail-intro.mp4');
    expect(element).toHaveAttribute('poster', '/pass/media/brew-trail-hero.svg');
    expect(element).toHaveAttribute('title', 'Meet the Brewers (2 min)');
    expect(element).toHaveAttribute('preload', 'none');
    expect(screen.getByRole('link', { name: 'Open the video: Meet the Brewers (2 min)' })).toHaveAttribute(
      'href',
      'https://video.trailpass.example/brew-trail-intro.mp4',
    );
  });

  it('renders nothing without a video url', () => {
    const { container } = renderWithModuleContext(
      <Video
        module={makeModule({ id: 1, type: 'Video', data: { label: 'Nothing', video: { poster: '/x.svg' } } })}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
