// The preview of the chosen file: first with the guessed mapping, then again
// whenever the mapping changes (the server checks the rows with it).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { previewFile } from './importApi.ts';
import { mapsName } from './importMapping.ts';
import type { ImportMapping } from '#domain/imports/schemas.ts';

/** `fileToken` names the file in the cache key (a File does not serialise). */
export function useImportPreview(file: File | null, fileToken: number, mapping: ImportMapping | null) {
  return useQuery({
    queryKey: ['/api/imports/preview', fileToken, mapping],
    queryFn: () => previewFile(file!, mapping ?? undefined),
    // The API refuses a mapping without a name column; the wizard says so instead.
    enabled: file !== null && (mapping === null || mapsName(mapping)),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
}
