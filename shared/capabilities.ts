// What each parsing backend accepts: the cloud takes PDFs, images and Office files; the local engine
// takes Office files only where LibreOffice is installed. The drop zone, the file picker and the
// failure advice all ask here (one owner of the rule), and so do the renderer's early check and main's
// intake of checked, pasted and uploaded files for the size limit. It also says which backend honours which
// local extension (password, OCR, OCR language, page range): the runner sends them only there and the
// queue row notes the ones a backend ignores; and what each backend does with each feature_config switch
// (the Settings checkboxes and docs/protocol.md's table read it; tests/engine checks the engine's part).
import { isOfficeExtension, SUPPORTED_EXTENSIONS } from './file-types.ts';
import type { FeatureConfig } from './somark.ts';
import type { Backend } from './task.ts';

/** The largest file either backend takes (the service's limit, SoMark §1.13), checked before upload. */
export const MAX_FILE_BYTES = 200 * 1024 * 1024;

export interface BackendCapabilities {
  /** Extensions with the dot, lower case. */
  extensions: readonly string[];
  office: boolean;
}

/** `localOffice`: the local engine found LibreOffice (AppInfo.localOffice). */
export function capabilitiesOf(backend: Backend, localOffice: boolean): BackendCapabilities {
  const office = backend === 'cloud' || localOffice;
  return {
    office,
    extensions: office ? SUPPORTED_EXTENSIONS : SUPPORTED_EXTENSIONS.filter((e) => !isOfficeExtension(e)),
  };
}

/** Request fields of our engine that other SoMark services lack (docs/protocol.md, local extensions). */
export const LOCAL_EXTENSIONS = ['password', 'ocr', 'ocrLang', 'pageRange'] as const;
export type LocalExtension = (typeof LOCAL_EXTENSIONS)[number];

/** Whether `backend` acts on the field: the local engine on every one, the cloud on none. */
export const honours = (backend: Backend, _field: LocalExtension): boolean => backend === 'local';

/** What a backend does with a feature_config switch: acts on it, never reads it, or acts as if it were on. */
export type SwitchSupport = 'honoured' | 'ignored' | 'always on';

interface SwitchRule {
  support: SwitchSupport;
  /** Why, for docs/protocol.md (English; the UI words it in features.* messages). */
  why: string;
}

type SwitchRules = { readonly [K in keyof FeatureConfig]: SwitchRule };

const SOMARK: SwitchRule = { support: 'honoured', why: "SoMark's own switch (somark-api.md §1.11)." };

/** Per backend, per switch. The local engine reads three switches; tests/engine/feature-switches.test.ts
 * parses corpus files with the others flipped and expects the same outputs. */
export const FEATURE_SUPPORT: { readonly [B in Backend]: SwitchRules } = {
  cloud: {
    enable_text_cross_page: SOMARK,
    enable_table_cross_page: SOMARK,
    enable_title_level_recognition: SOMARK,
    enable_inline_image: SOMARK,
    enable_table_image: SOMARK,
    enable_image_understanding: SOMARK,
    keep_header_footer: SOMARK,
  },
  local: {
    enable_text_cross_page: {
      support: 'honoured',
      why: 'The Markdown writer joins a paragraph a page break cut (`shared/markdown/writer.ts`).',
    },
    enable_table_cross_page: {
      support: 'honoured',
      why: 'A table going on at the head of the next page joins the one before (`engine/document/assemble.ts`); one going on in the next column joins either way.',
    },
    enable_title_level_recognition: {
      support: 'always on',
      why: 'Every title gets a level and the catalog is built from them (`engine/document/assemble.ts`); the switch is not read.',
    },
    enable_inline_image: {
      support: 'ignored',
      why: 'Lines of text hold text only; pictures are figure blocks of their own.',
    },
    enable_table_image: { support: 'ignored', why: 'Table cells hold text only.' },
    enable_image_understanding: {
      support: 'ignored',
      why: "The engine has no model that describes pictures; a figure's content is its caption.",
    },
    keep_header_footer: {
      support: 'honoured',
      why: 'Headers, footers and side notes stay in the JSON; the Markdown writer leaves them out unless on.',
    },
  },
};

/** What `backend` does with the switch `key`. */
export const switchSupport = (backend: Backend, key: keyof FeatureConfig): SwitchSupport =>
  FEATURE_SUPPORT[backend][key].support;
