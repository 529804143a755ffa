// The Status tab and the history behind it (document properties: every editor sees the same history).
import {
  type Banner,
  parseStatusBook,
  STATUS_PROPERTY,
  type StatusBook,
  statusBookText,
  statusTable,
} from '../../core/tabs';
import type { TabDirectory } from './directory';
import { writeTableTab } from './writer';

export function loadStatusBook(): StatusBook {
  return parseStatusBook(PropertiesService.getDocumentProperties().getProperty(STATUS_PROPERTY));
}

export function saveStatusBook(book: StatusBook): void {
  PropertiesService.getDocumentProperties().setProperty(STATUS_PROPERTY, statusBookText(book));
}

/** Ours and marked like every report tab, written the same way (one block, batched formats). */
export function writeStatusTab(directory: TabDirectory, book: StatusBook, banner: Banner, at: number): void {
  writeTableTab(directory, 'status', statusTable(book), banner, at);
}
