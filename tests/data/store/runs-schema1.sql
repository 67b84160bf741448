-- A run store of schema 1 (PRAGMA user_version=1) as Terrarium's schema-1 RunStore made it
-- (commit f3b7bb3): three runs (success with an approved step; failed with a denied step, a
-- re-plan and a failed step; interrupted while a step ran) and their events. Made with
-- "sqlite3 runs.sqlite .dump", which leaves out user_version: it is set at the end.
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE runs (run_id TEXT PRIMARY KEY, goal TEXT NOT NULL, sandbox TEXT NOT NULL, workspace TEXT NOT NULL, started_at TEXT NOT NULL, ended_at TEXT, status TEXT NOT NULL, owner_pid INTEGER NOT NULL, last_seq INTEGER NOT NULL DEFAULT 0);
INSERT INTO runs VALUES('20240502-100000-aaaa','install ripgrep and count TODOs','podman','/home/u/Terrarium/todo','2024-05-02T10:00:00.000Z','2024-05-02T10:00:03.250Z','success',12754,13);
INSERT INTO runs VALUES('20240502-110000-bbbb','clean the build folder','host','/home/u/project','2024-05-02T11:00:00.000Z','2024-05-02T11:00:03.250Z','failed',12754,13);
INSERT INTO runs VALUES('20240502-120000-cccc','list the files','podman','/home/u/Terrarium/ls','2024-05-02T12:00:00.000Z',NULL,'interrupted',12754,2);
CREATE TABLE events (run_id TEXT NOT NULL REFERENCES runs(run_id), seq INTEGER NOT NULL, type TEXT NOT NULL, ts TEXT NOT NULL, payload TEXT NOT NULL, PRIMARY KEY (run_id, seq)) WITHOUT ROWID;
INSERT INTO events VALUES('20240502-100000-aaaa',1,'setup_progress','2024-05-02T10:00:00.250Z','{"message":"Finding the models","percent":0,"phase":"models"}');
INSERT INTO events VALUES('20240502-100000-aaaa',2,'usage','2024-05-02T10:00:00.500Z','{"input_tokens":812,"output_tokens":64,"role":"planner"}');
INSERT INTO events VALUES('20240502-100000-aaaa',3,'plan_generated','2024-05-02T10:00:00.750Z','{"plan":["Install ripgrep","Count TODO lines"],"revision":1,"steps":[{"id":1,"title":"Install ripgrep"},{"id":2,"title":"Count TODO lines"}]}');
INSERT INTO events VALUES('20240502-100000-aaaa',4,'usage','2024-05-02T10:00:01.000Z','{"input_tokens":301,"output_tokens":18,"role":"executor"}');
INSERT INTO events VALUES('20240502-100000-aaaa',5,'approval_required','2024-05-02T10:00:01.250Z','{"command":"apt-get install -y ripgrep","reasons":["installs packages"],"risk":"medium","step":"Install ripgrep","step_id":1}');
INSERT INTO events VALUES('20240502-100000-aaaa',6,'step_executing','2024-05-02T10:00:01.500Z','{"command":"apt-get install -y ripgrep","step":"Install ripgrep","step_id":1}');
INSERT INTO events VALUES('20240502-100000-aaaa',7,'step_output','2024-05-02T10:00:01.750Z','{"data":"Setting up ripgrep (13.0.0-4) ...\n","step_id":1,"stream":"stdout"}');
INSERT INTO events VALUES('20240502-100000-aaaa',8,'step_result','2024-05-02T10:00:02.000Z','{"duration_ms":4210,"exit_code":0,"stderr":"","stdout":"Setting up ripgrep (13.0.0-4) ...\n","step_id":1,"truncated":false}');
INSERT INTO events VALUES('20240502-100000-aaaa',9,'usage','2024-05-02T10:00:02.250Z','{"input_tokens":356,"output_tokens":21,"role":"executor"}');
INSERT INTO events VALUES('20240502-100000-aaaa',10,'step_executing','2024-05-02T10:00:02.500Z','{"command":"rg -c TODO . | wc -l","step":"Count TODO lines","step_id":2}');
INSERT INTO events VALUES('20240502-100000-aaaa',11,'step_output','2024-05-02T10:00:02.750Z','{"data":"17\n","step_id":2,"stream":"stdout"}');
INSERT INTO events VALUES('20240502-100000-aaaa',12,'step_result','2024-05-02T10:00:03.000Z','{"duration_ms":95,"exit_code":0,"stderr":"","stdout":"17\n","step_id":2,"truncated":false}');
INSERT INTO events VALUES('20240502-100000-aaaa',13,'workflow_complete','2024-05-02T10:00:03.250Z','{"status":"success"}');
INSERT INTO events VALUES('20240502-110000-bbbb',1,'usage','2024-05-02T11:00:00.250Z','{"input_tokens":640,"output_tokens":40,"role":"planner"}');
INSERT INTO events VALUES('20240502-110000-bbbb',2,'plan_generated','2024-05-02T11:00:00.500Z','{"plan":["Remove the build folder"],"revision":1,"steps":[{"id":1,"title":"Remove the build folder"}]}');
INSERT INTO events VALUES('20240502-110000-bbbb',3,'usage','2024-05-02T11:00:00.750Z','{"input_tokens":280,"output_tokens":12,"role":"executor"}');
INSERT INTO events VALUES('20240502-110000-bbbb',4,'approval_required','2024-05-02T11:00:01.000Z','{"command":"rm -rf build","reasons":["deletes files recursively"],"risk":"high","step":"Remove the build folder","step_id":1}');
INSERT INTO events VALUES('20240502-110000-bbbb',5,'error_detected','2024-05-02T11:00:01.250Z','{"command":"rm -rf build","error":"denied by the user","failed_step":"Remove the build folder","kind":"denied","step_id":1}');
INSERT INTO events VALUES('20240502-110000-bbbb',6,'re_planning','2024-05-02T11:00:01.500Z','{"attempt":1}');
INSERT INTO events VALUES('20240502-110000-bbbb',7,'usage','2024-05-02T11:00:01.750Z','{"input_tokens":702,"output_tokens":35,"role":"planner"}');
INSERT INTO events VALUES('20240502-110000-bbbb',8,'plan_generated','2024-05-02T11:00:02.000Z','{"plan":["Remove the build folder","Run make clean"],"revision":2,"steps":[{"id":1,"title":"Remove the build folder"},{"id":2,"title":"Run make clean"}]}');
INSERT INTO events VALUES('20240502-110000-bbbb',9,'step_executing','2024-05-02T11:00:02.250Z','{"command":"make clean","step":"Run make clean","step_id":2}');
INSERT INTO events VALUES('20240502-110000-bbbb',10,'step_output','2024-05-02T11:00:02.500Z','{"data":"make: *** No rule to make target ''clean''.  Stop.\n","step_id":2,"stream":"stderr"}');
INSERT INTO events VALUES('20240502-110000-bbbb',11,'step_result','2024-05-02T11:00:02.750Z','{"duration_ms":31,"exit_code":2,"stderr":"make: *** No rule to make target ''clean''.  Stop.\n","stdout":"","step_id":2,"truncated":false}');
INSERT INTO events VALUES('20240502-110000-bbbb',12,'error_detected','2024-05-02T11:00:03.000Z','{"command":"make clean","error":"exited with code 2","failed_step":"Run make clean","kind":"failed","step_id":2}');
INSERT INTO events VALUES('20240502-110000-bbbb',13,'workflow_complete','2024-05-02T11:00:03.250Z','{"error":"The run reached its limit of re-plans.","status":"failed"}');
INSERT INTO events VALUES('20240502-120000-cccc',1,'plan_generated','2024-05-02T12:00:00.250Z','{"plan":["List the files"],"revision":1,"steps":[{"id":1,"title":"List the files"}]}');
INSERT INTO events VALUES('20240502-120000-cccc',2,'step_executing','2024-05-02T12:00:00.500Z','{"command":"ls -la","step":"List the files","step_id":1}');
PRAGMA user_version=1;
COMMIT;
