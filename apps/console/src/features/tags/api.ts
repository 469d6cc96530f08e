import {
  MORE_RESULTS,
  type TSetting,
  type TSettingList,
  type TSettingWrite,
  ZSetting,
  ZSettingList,
} from '@signage/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';

const BASE = '/api/setting';
/** Enough for every category at once (the dropdown); the server's upper bound. */
const ALL = 500;

export const settingKeys = {
  all: ['settings'] as const,
  list: () => [...settingKeys.all, 'list'] as const,
  categories: () => [...settingKeys.all, 'categories'] as const,
  detail: (key: string) => [...settingKeys.all, 'detail', key] as const,
};

export const settingPath = (key: string) => `${BASE}/${encodeURIComponent(key)}`;

/** Every tag, newest update first, one page of 10 at a time (keyset cursor). */
export function useSettingList() {
  return useInfiniteQuery({
    queryKey: settingKeys.list(),
    queryFn: ({ pageParam, signal }): Promise<TSettingList> =>
      api.get(BASE, { query: { endCursor: pageParam }, signal, schema: ZSettingList }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) =>
      last.summary.moreResults === MORE_RESULTS ? (last.summary.endCursor ?? undefined) : undefined,
  });
}

/**
 * The categories: level-1 entries that are not presets (SPEC.md section 7: preset=false,
 * excludeLevel 2). Each one is offered in the type dropdown as its dashed code.
 */
export function useTagCategories() {
  return useQuery({
    queryKey: settingKeys.categories(),
    queryFn: async ({ signal }): Promise<TSetting[]> => {
      const list = await api.get(BASE, {
        query: { preset: false, excludeLevel: 2, limit: ALL },
        signal,
        schema: ZSettingList,
      });
      return list.settings;
    },
  });
}

export function useSetting(key: string) {
  return useQuery({
    queryKey: settingKeys.detail(key),
    queryFn: ({ signal }) => api.get(settingPath(key), { signal, schema: ZSetting }),
  });
}

function useInvalidateSettings() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: settingKeys.all });
}

export function useCreateSetting() {
  const invalidate = useInvalidateSettings();
  return useMutation({
    mutationFn: (body: TSettingWrite) => api.post(BASE, { body, schema: ZSetting }),
    onSuccess: invalidate,
  });
}

export function useUpdateSetting(key: string) {
  const invalidate = useInvalidateSettings();
  return useMutation({
    mutationFn: (body: TSettingWrite) => api.put(settingPath(key), { body, schema: ZSetting }),
    onSuccess: invalidate,
  });
}

export function useDeleteSetting(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.del<null>(settingPath(key)),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: settingKeys.detail(key) });
      return queryClient.invalidateQueries({ queryKey: settingKeys.all });
    },
  });
}
