// The words of the public pages' "not found" answers: the loader sends them, the page's error
// boundary and meta description show them. Kept here so the server half and the page agree.
export const STATE_NOT_FOUND = "The state you're looking for could not be found.";
export const OFFICIAL_NOT_FOUND = "The elected official you're looking for could not be found.";
