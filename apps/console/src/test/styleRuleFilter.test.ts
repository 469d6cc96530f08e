import { afterEach, describe, expect, it } from 'vitest';
import { requiredClasses } from './styleRuleFilter';

describe('requiredClasses', () => {
  it('reads the classes of the last compound of each alternative', () => {
    expect(requiredClasses(':where(.css-dev-x).ant-btn.ant-btn-primary:not(:disabled)')).toEqual([
      ['ant-btn', 'ant-btn-primary'],
    ]);
    expect(requiredClasses('.ant-menu > .ant-menu-item + .ant-menu-item-selected')).toEqual([
      ['ant-menu-item-selected'],
    ]);
    expect(requiredClasses('.a .b, .c~.d::before')).toEqual([['b'], ['d']]);
    expect(requiredClasses('  .a .b  ')).toEqual([['b']]);
  });

  it('leaves to the engine what it cannot read for certain', () => {
    expect(requiredClasses('.a div')).toBeNull();
    expect(requiredClasses('.a, div')).toBeNull();
    expect(requiredClasses('.a\\:b')).toBeNull();
    expect(requiredClasses('[class~="x"]')).toBeNull();
    expect(requiredClasses('.a:is(.b')).toBeNull();
  });

  it('does not read classes inside brackets, strings or pseudo-class arguments', () => {
    expect(requiredClasses('.a[data-x=".b"]:not(.c)')).toEqual([['a']]);
    expect(requiredClasses('.a:nth-child(2n+1)')).toEqual([['a']]);
  });
});

describe('computed styles with the pre-check installed (src/test/domSetup.ts)', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('still applies every rule that matches and none that does not', () => {
    const style = document.createElement('style');
    style.textContent = [
      ':where(.css-1).ant-hidden { display: none }',
      '.wrap > .ant-dim, .other .x { visibility: hidden }',
      'section.plain { display: flex }',
      '.wrap .only-inside { display: grid }',
    ].join('\n');
    document.head.append(style);
    document.body.innerHTML = `
      <div class="wrap">
        <span id="hidden" class="css-1 ant-hidden">a</span>
        <span id="no-hash" class="ant-hidden">h</span>
        <span id="dim" class="ant-dim">b</span>
        <span id="inside" class="only-inside">c</span>
      </div>
      <span id="outside" class="only-inside">d</span>
      <span id="not-child" class="x">e</span>
      <section id="plain" class="plain">f</section>
      <span id="none">g</span>`;
    const style$ = (id: string) => getComputedStyle(document.getElementById(id) as HTMLElement);
    expect(style$('hidden').display).toBe('none');
    expect(style$('no-hash').display).toBe('inline');
    expect(style$('dim').visibility).toBe('hidden');
    expect(style$('inside').display).toBe('grid');
    expect(style$('outside').display).toBe('inline');
    expect(style$('not-child').visibility).toBe('visible');
    expect(style$('plain').display).toBe('flex');
    expect(style$('none').display).toBe('inline');
    document.getElementById('none')?.classList.add('css-1', 'ant-hidden');
    expect(style$('none').display).toBe('none');
  });
});
