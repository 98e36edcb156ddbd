/** What the server's table reader takes (CSV or the first sheet of an XLSX). */
const TABLE_FILE_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The file input of a table import (hot topics, reviews, monitoring posts): hands over the chosen
 * file and empties itself, so that the same file can be chosen again after a fix.
 */
export function TableFileInput({ onFile, testId }: { onFile: (file: File) => void; testId: string }) {
  return (
    <input
      type="file"
      accept={TABLE_FILE_ACCEPT}
      data-testid={testId}
      onChange={(e) => {
        const file = e.target.files?.[0];
        if (file) onFile(file);
        e.target.value = '';
      }}
    />
  );
}
