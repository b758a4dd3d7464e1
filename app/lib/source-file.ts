// The one failure of reading a file an outside source publishes (a roll call, a bill status): the
// file arrived but is incomplete or not what it should be. The job that fetched it adds the file's
// name and address to the message.
export class SourceFileError extends Error {}
