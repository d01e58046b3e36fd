import { describe, expect, it } from 'vitest';
import { firstScreenTypes } from './reveal';
import { demoModules, makeModule, makeTab, makeTabsEnd } from './test-fixtures';

describe('firstScreenTypes', () => {
  it('is the types of the first two blocks of the demo Experiences page', () => {
    expect(firstScreenTypes(demoModules('offer', 101))).toEqual(['Greeting', 'ImageShowcase']);
  });

  it('counts a tab group as one block and takes only its first tab', () => {
    const modules = [
      makeModule({ id: 1, type: 'Greeting' }),
      makeTab(2, 'One'),
      makeModule({ id: 3, type: 'Html' }),
      makeTab(4, 'Two'),
      makeModule({ id: 5, type: 'Video' }),
      makeTabsEnd(6),
      makeModule({ id: 7, type: 'Audio' }),
    ];
    expect(firstScreenTypes(modules)).toEqual(['Greeting', 'Html']);
  });

  it('skips unknown and typeless modules without counting them', () => {
    const modules = [
      makeModule({ id: 1, type: 'Carousel3D' }),
      makeModule({ id: 2, type: null }),
      makeModule({ id: 3, type: 'DealInfo' }),
      makeModule({ id: 4, type: 'Products' }),
      makeModule({ id: 5, type: 'Audio' }),
    ];
    expect(firstScreenTypes(modules)).toEqual(['DealInfo', 'Products']);
  });
});
