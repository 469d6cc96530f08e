import {
  SETTING_CONTRACTS,
  TAG_CATEGORY_BASE,
  type TSetting,
  type TSettingList,
  type TSettingWrite,
} from '@signage/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { FIRST_PAGE, nextPageParam } from '../../lib/pages';

const C = SETTING_CONTRACTS;
/** Enough for every category at once (the dropdown); the server's upper bound. */
const ALL = 500;

export const settingKeys = {
  all: ['settings'] as const,
  list: () => [...settingKeys.all, 'list'] as const,
  categories: () => [...settingKeys.all, 'categories'] as const,
  detail: (key: string) => [...settingKeys.all, 'detail', key] as const,
};

/** Every tag, newest update first, one page of 10 at a time (keyset cursor). */
export function useSettingList() {
  return useInfiniteQuery({
    queryKey: settingKeys.list(),
    queryFn: ({ pageParam, signal }): Promise<TSettingList> =>
      call(C.list, { query: { endCursor: pageParam }, signal }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
  });
}

/**
 * The categories: level-1 device tag entries that are not presets (SPEC.md section 7: preset=false,
 * excludeLevel 2; TAG_CATEGORY_BASE). Each one is offered in the type dropdown as its dashed code.
 */
export function useTagCategories() {
  return useQuery({
    queryKey: settingKeys.categories(),
    queryFn: async ({ signal }): Promise<TSetting[]> => {
      const list = await call(C.list, {
        query: { type: TAG_CATEGORY_BASE, preset: false, excludeLevel: 2, limit: ALL },
        signal,
      });
      return list.settings;
    },
  });
}

export function useSetting(key: string) {
  return useQuery({
    queryKey: settingKeys.detail(key),
    queryFn: ({ signal }) => call(C.get, { params: { key }, signal }),
  });
}

/**
 * After a write every settings query is out of date. The categories are dropped rather than kept as stale
 * data: the next Tag type dropdown waits for the fresh list instead of offering the old one and then
 * swapping its options under the pointer (a category just registered would be missing for a moment).
 */
function useInvalidateSettings() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.removeQueries({ queryKey: settingKeys.categories() });
    return queryClient.invalidateQueries({ queryKey: settingKeys.all });
  };
}

export function useCreateSetting() {
  const invalidate = useInvalidateSettings();
  return useMutation({
    mutationFn: (body: TSettingWrite) => call(C.create, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateSetting(key: string) {
  const invalidate = useInvalidateSettings();
  return useMutation({
    mutationFn: (body: TSettingWrite) => call(C.update, { params: { key }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteSetting(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(C.remove, { params: { key } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: settingKeys.detail(key) });
      return queryClient.invalidateQueries({ queryKey: settingKeys.all });
    },
  });
}
