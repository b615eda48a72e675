/** Hands a fetched file to the browser: object URL → a temporary <a download> click → revoke. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled (the download has its own reference by then).
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function thumbnailUrl(blob: Blob): string {
  return URL.createObjectURL(blob);
}

export function releaseUrls(urls: string[]): void {
  urls.forEach((url) => URL.revokeObjectURL(url));
}
