import {
  CONTENT_CONTRACTS,
  displayPatternLabel,
  patternsRefusing,
  type TContent,
  type TContentList,
} from '@signage/domain';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { call } from '../../../lib/api';
import { FIRST_PAGE, nextPageParam } from '../../../lib/pages';
import '../../../i18n/schedules';

/** A playlist holds images and movies, or live streams (the first content decides). */
export type ContentFamily = 'media' | 'live';

export const familyOf = (type: TContent['type']): ContentFamily => (type === 'stream' ? 'live' : 'media');

/**
 * The contents a playlist of `family` may take, page by page: images and movies, or live streams, filtered
 * by the server (and checked again here, so a stray stream never reaches an image playlist).
 */
export function usePickableContents(family: ContentFamily, name: string, enabled: boolean) {
  return useInfiniteQuery<TContentList, Error, InfiniteData<TContentList>, readonly unknown[], string | undefined>({
    queryKey: ['schedules', 'pickContents', family, name],
    enabled,
    initialPageParam: FIRST_PAGE,
    queryFn: ({ pageParam, signal }) =>
      call(CONTENT_CONTRACTS.list, {
        query: {
          order: 'DESC',
          media_type: family === 'live' ? 'live' : 'image_movie',
          name: name || undefined,
          endCursor: pageParam,
        },
        signal,
      }),
    getNextPageParam: nextPageParam,
    select: (data) => ({
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        contents: page.contents.filter((c) => familyOf(c.type) === family),
      })),
    }),
  });
}

/**
 * Why the chosen players cannot take a content ('Not for 1x1v players'), or null when every one can: the
 * pickers mark such a content and do not offer it, instead of the server refusing it at Save (issue 31).
 */
export function refusalOf(t: TFunction, contentPattern: string, playerPatterns: readonly string[]): string | null {
  const refusing = patternsRefusing(contentPattern, playerPatterns);
  return refusing.length === 0
    ? null
    : t('scheduleView.edit.notForPlayers', { patterns: refusing.map(displayPatternLabel).join(', ') });
}
