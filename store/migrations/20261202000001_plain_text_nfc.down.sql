-- NFC plain text is still valid plain text: nothing to undo.
SELECT 1;
