// The end-to-end harness: the built renderer in Debian's Chromium, with window.petstore wired to
// the same router the Electron main process uses, over a real core (real SQLite files in a temp
// folder). Only Electron's IPC transport is replaced: by a Playwright binding.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { forwardCoreEvents } from '../../src/main/ipc/core-events';
import { createIpcRouter, type IpcRouter } from '../../src/main/ipc/router';
import type { KeyOriginQuestion } from '../../src/main/core/key-access';
import type { ProductionQuestion } from '../../src/main/core/write-guard';
import { openPetstoreCore, type CoreOptions, type PetstoreCore } from '../../src/main/core/petstore-core';

import { createKeychain } from '../../src/main/secrets/keychain';
import { writeFileWhole } from '../../src/main/support/write-whole';
import { bridge, deliverTo, serveRenderer } from '../helpers/renderer-page';

/**
 * Main as the window meets it, with what a test may turn: how long main takes to answer each call
 * (a busy or slow main process), and how many calls of each channel it has answered.
 */
export interface MainProcess {
  answerDelayMs: number;
  /** Main answers nothing on `channel` until the returned function is called (as late as a test needs). */
  holdAnswers(channel: string): () => void;
  calls: Record<string, number>;
  /** Events main sends that never reach the window, as if lost on the way. */
  eventsLost: Set<string>;
  /** What each call of each channel was asked with, in order. */
  asked: Record<string, unknown[]>;
  /** What main's own dialog is answered when it asks whether a key may go to a new origin, and what it asked. */
  keyOriginAnswer: boolean;
  keyOriginQuestions: KeyOriginQuestion[];
  /** What main's own dialog is answered before a write reaches production, and what it asked. */
  productionAnswer: boolean;
  productionQuestions: ProductionQuestion[];
  /**
   * The file main's open dialog answers with next (null: the person cancels), written to a folder of
   * the test's and answered as its path, as the dialog does; and what the save dialog saved.
   */
  fileToOpen: { name: string; bytes: Uint8Array } | null;
  savedFiles: Array<{ suggestedName: string; contents: string }>;
  /**
   * The stand-in for Electron's print dialog and PDF save: the page main handed to the dialog (and
   * whether the person printed), and each PDF saved; the PDFs are the core's own, made by Chromium.
   */
  printAnswer: boolean;
  printedPages: Array<{ title: string; html: string }>;
  savedPdfs: Array<{ suggestedName: string; pdf: Uint8Array }>;
  /** Each zip main's save dialog saved (a support bundle), written whole as the shell writes it, and where. */
  savedZips: Array<{ suggestedName: string; path: string }>;
}

export interface HarnessApp {
  page: Page;
  core: PetstoreCore;
  router: IpcRouter;
  main: MainProcess;
  /** The app's data folder (a test may open its files as another process would). */
  dataDir: string;
  /** Uncaught errors in the page so far: a render crash fails the test that caused it. */
  pageErrors: string[];
  close(): Promise<void>;
}

/**
 * The app as the composition root builds it (a core over a fresh data folder, sync in a thread of
 * its own, events forwarded, sync started), wired to `page`, which is loaded and has started.
 * `options`: what a test turns in main beyond that (its clock).
 */
export async function openHarnessApp(
  page: Page,
  rendererUrl: string,
  options: Pick<CoreOptions, 'now'> = {},
): Promise<HarnessApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'petstore-e2e-'));
  const answersHeld = new Map<string, Promise<void>>();
  const main: MainProcess = {
    answerDelayMs: 0,
    holdAnswers(channel) {
      let release = () => {};
      answersHeld.set(channel, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        answersHeld.delete(channel);
        release();
      };
    },
    calls: {},
    eventsLost: new Set(),
    asked: {},
    keyOriginAnswer: false,
    keyOriginQuestions: [],
    productionAnswer: true,
    productionQuestions: [],
    fileToOpen: null,
    savedFiles: [],
    printAnswer: true,
    printedPages: [],
    savedPdfs: [],
    savedZips: [],
  };
  const core = openPetstoreCore({
    dataDir,
    env: {},
    keychain: createKeychain(`Petstore Desk e2e ${randomUUID()}`),
    syncInThread: true,
    // Built by the global setup with the rest of the app (electron-vite's main build).
    syncThreadScript: new URL('../../out/main/sync-thread.js', import.meta.url),
    confirmKeyOrigin: async (question) => {
      main.keyOriginQuestions.push(question);
      return main.keyOriginAnswer;
    },
    confirmProductionWrite: async (question) => {
      main.productionQuestions.push(question);
      return main.productionAnswer;
    },
    // Main's file dialogs, answered as a person would: the file chosen, or a save to a folder of the test's.
    openFile: async () => {
      if (main.fileToOpen === null) return null;
      const path = join(mkdtempSync(join(dataDir, 'chosen-')), main.fileToOpen.name);
      writeFileSync(path, main.fileToOpen.bytes);
      return path;
    },
    saveFile: async (suggestedName, contents) => {
      main.savedFiles.push({ suggestedName, contents });
      return join(dataDir, suggestedName);
    },
    saveZip: async (suggestedName, zip) => {
      const path = join(mkdtempSync(join(dataDir, 'saved-')), suggestedName);
      await writeFileWhole(path, zip);
      main.savedZips.push({ suggestedName, path });
      return path;
    },
    paper: {
      printPage: async (html, title) => {
        main.printedPages.push({ title, html });
        return main.printAnswer;
      },
      savePdf: async (suggestedName, pdf) => {
        main.savedPdfs.push({ suggestedName, pdf });
        return join(dataDir, suggestedName);
      },
    },
    ...options,
  });
  const router = createIpcRouter(core);
  const deliver = deliverTo(page);
  const stopEvents = forwardCoreEvents(core, (event, payload) => {
    if (!main.eventsLost.has(event)) deliver(event, payload);
  });
  core.startSync();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await bridge(page, {
    async dispatch(channel, argument) {
      main.calls[String(channel)] = (main.calls[String(channel)] ?? 0) + 1;
      (main.asked[String(channel)] ??= []).push(argument);
      await answersHeld.get(String(channel));
      if (main.answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, main.answerDelayMs));
      return router.dispatch(channel, argument);
    },
  });
  await page.goto(rendererUrl);
  await page.locator('.env-strip').waitFor(); // the app has started: its shortcuts are listened to
  return {
    page,
    core,
    router,
    main,
    dataDir,
    pageErrors,
    async close() {
      stopEvents();
      await core.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const test = base.extend<{
  app: { page: Page; core: PetstoreCore; router: IpcRouter; url: string; main: MainProcess; dataDir: string };
}>({
  app: async ({ page }, use) => {
    const { server, url } = await serveRenderer();
    const app = await openHarnessApp(page, url);
    await use({ page, core: app.core, router: app.router, url, main: app.main, dataDir: app.dataDir });
    expect(app.pageErrors, 'uncaught errors in the page').toEqual([]);
    server.close();
    await app.close();
  },
});

export { expect } from '@playwright/test';
