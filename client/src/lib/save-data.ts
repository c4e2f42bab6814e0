// Save-Data: the server reads the shopper's `Save-Data: on` header and marks the page
// (<html data-save-data="on">, server/src/http/page-html.ts); the server's render and the browser's
// then agree on which (smaller) pictures to ask for, and hydration matches.
import { createContext, useContext } from "react";
import { SAVE_DATA_ATTRIBUTE } from "../../../common/images.ts";

export const SaveDataContext = createContext(false);

/** Whether pictures should be the small, eco-quality ones. */
export const useSaveData = () => useContext(SaveDataContext);

/** What the server marked this page with (the browser's side of SaveDataContext). */
export function pageSavesData(): boolean {
  return typeof document !== "undefined" && document.documentElement.getAttribute(SAVE_DATA_ATTRIBUTE) === "on";
}
