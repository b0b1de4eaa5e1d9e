-- complete_campaigns() reads a campaign's recipients by index (issue 31; decision 062's amendment). The delivery
-- calls it after every batch it sends. Its statistics say most of a big campaign's recipients are pending (they
-- were when it started), so PostgreSQL read all campaign recipients (a hash anti join over a seq scan) to find
-- whether one is still pending: 455 whole reads, 45.5 million rows, while one campaign sent to 100,000 people,
-- and more for every campaign ever sent. The pending ones are the last in the table by then, so a seq scan
-- that stops at the first one reads almost all of it too. Every table it reads has an index for its question.
alter function public.complete_campaigns(bigint[]) set enable_seqscan = off;
