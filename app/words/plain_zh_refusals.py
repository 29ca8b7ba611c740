"""The refusals of the use cases in plain Chinese: what ``app``'s rules say when a
person's action is refused (a task, a plan edit, a step's state, a result file, a
recurrence, a sync conflict, a reminder), the importers' skip reasons and the sync
conflicts on a task, each retold with the values it names (a title, a number, a time)
kept as they are. ``app.words.plain_zh`` applies these before its general words.

A new English refusal in ``app`` needs its rule here: tests/app/test_plain_zh_refusals.py
walks every literal refusal and fails on one still in English.
"""

from __future__ import annotations

V = r"(.+?)"  # a value the sentence names, kept as it is
ID = r"(\S+)"  # an id, a number or a quoted name without spaces

TASKS: tuple[tuple[str, str], ...] = (
    (r"there is no task " + ID + r"; `stepwise list --all` shows them all",
     r"没有任务 \1；`stepwise list --all` 会列出全部任务"),
    (r"there is no task " + ID, r"没有任务 \1"),
    (r"a task needs a title", "任务需要一个标题"),
    (r"the title is " + ID + r" characters; keep it under " + ID,
     r"标题有 \1 个字符；请少于 \2 个"),
    (r"priority runs from 1 \(highest\) to 4 \(lowest\)", "优先级从 1（最高）到 4（最低）"),
    (r"the (\S+) time \(([^)]*)\) is after the (\S+) time \(([^)]*)\)",
     r"\1时间（\2）晚于 \3时间（\4）"),
    (r"\bexpiry时间", "过期时间"),
    (r"the (\S+) \(([^)]*)\) is outside the years Stepwise keeps \(1900 to 9999\)",
     r"\1时间（\2）超出了 Stepwise 能保存的年份（1900 到 9999）"),
    (r"there is no agent change " + ID, r"没有编号为 \1 的智能体改动"),
    (r"agent change " + ID + r" was undone already", r"智能体改动 \1 已经撤销过了"),
    (r"the task of agent change " + ID + r" is gone", r"智能体改动 \1 的任务已不存在"),
    (r"a later change by an agent to this task must be undone first",
     "请先撤销智能体对这个任务的更晚一次改动"),
    (r"task " + ID + r" was changed since (.+?) changed it; your later edit is kept",
     r"在 \2 改动之后，任务 \1 又被改过；你后来的修改保留不变"),
    (r"task " + ID + r"'s plan has no step '([^']*)'", r"任务 \1 的计划没有步骤 '\2'"),
    (r"a later schedule saved by an agent must be undone first",
     "请先撤销智能体之后保存的那次日程"),
    (r"only the person saves a schedule unless they let agents do it \(setting "
     r"mcp\.may_schedule\); ask again without save for a dry run",
     "只有本人能保存日程，除非本人允许智能体这样做（设置 mcp.may_schedule）；"
     "不带 save 再问一次可得到试排结果"),
    (r"\bstart时间", "开始时间"),
    (r"\bdue时间", "截止时间"),
    (r"task " + ID + r" is not in the trash \(`stepwise sync trash` lists it\)",
     r"任务 \1 不在回收站里（`stepwise sync trash` 会列出回收站）"),
    (r"task " + ID + r" is in use by another task now; “(.*?)” stays in the trash",
     r"任务编号 \1 现在已被另一个任务使用；“\2”留在回收站里"),
    (V + r" names no tag; write --tag \+NAME or --tag -NAME",
     r"\1 没有指明标签；请写 --tag +名称 或 --tag -名称"),
    (r"the task has no tag " + V + r" to remove \(it has (.*?)\)",
     r"任务没有可删除的标签 \1（它有的标签：\2）"),
    (r"\(it has none\)", "（它没有标签）"),
    (r"this database already has tasks; add --replace to replace them all with the "
     r"file's \(export first if you want to keep them\)",
     "这个数据库里已有任务；加上 --replace 会用文件里的任务全部替换它们（想保留的话请先导出）"),
    (r"table " + V + r", row " + ID + r": (.*); nothing was imported",
     r"表 \1 第 \2 行：\3；什么都没有导入"),
)
PLANS: tuple[tuple[str, str], ...] = (
    (r"task " + ID + r" has no plan yet", r"任务 \1 还没有计划"),
    (r"task " + ID + r" has no plan; import one with `stepwise plan import`",
     r"任务 \1 没有计划；请用 `stepwise plan import` 导入一个"),
    (r"task " + ID + r" has no active plan \(the latest is " + ID + r"\); import one with "
     r"`stepwise plan import`",
     r"任务 \1 没有进行中的计划（最新的是 \2）；请用 `stepwise plan import` 导入一个"),
    (r"task " + ID + r" has " + V + r"; import one with `stepwise plan import`",
     r"任务 \1：\2；请用 `stepwise plan import` 导入一个"),
    (r"say why the step failed: --error TEXT", "请说明这一步为什么失败：--error 文字"),
    (r"plan revision " + ID + r" of task " + ID + r" has no step " + V + r"(?=$|[;.:])",
     r"任务 \2 的计划第 \1 版没有步骤 \3"),
    (r"plan revision " + ID + r" has no step " + V + r" \(steps: (.*?)\)",
     r"计划第 \1 版没有步骤 \2（步骤有：\3）"),
    (r"step " + V + r" has not failed; only a failed step is retried",
     r"步骤 \1 没有失败；只有失败的步骤才能重试"),
    (r"step " + V + r" is a group whose sub-steps are all finished",
     r"步骤 \1 是一组步骤，其中的每一步都已完成"),
    (r"step " + V + r" is not finished; there is nothing to undo",
     r"步骤 \1 还没有完成；没有可以撤销的"),
    (r"name the task whose plan to approve, or give --all",
     "请写明要批准哪个任务的计划，或者加上 --all"),
    (r"give a task id or --all, not both", "请给出任务编号或 --all，不要同时给出"),
    (r"step " + V + r" is a group; act on its sub-steps instead",
     r"步骤 \1 是一个分组；请对它的子步骤操作"),
    (r"step " + V + r" is a group; estimate its sub-steps instead",
     r"步骤 \1 是一个分组；请估计它的子步骤"),
    (r"task " + ID + r"'s plan is at revision " + ID + r", but this edit was made from "
     r"revision " + ID + r"; export it again \((.*?)\) and redo the edit",
     r"任务 \1 的计划已是第 \2 版，但这次修改基于第 \3 版；请重新导出（\4）再改一次"),
    (r"task " + ID + r"'s plan is no longer at revision " + ID + r"; the edit was not saved",
     r"任务 \1 的计划已不是第 \2 版；这次修改没有保存"),
    (r"the plan has no step " + V + r"(?=$|[;.:])", r"计划里没有步骤 \1"),
    (r"step " + V + r" cannot wait for itself", r"步骤 \1 不能等待它自己"),
    (r"step " + V + r" already waits for " + V + r"(?=$|[;.:])", r"步骤 \1 已经在等待 \2"),
    (r"step " + V + r" does not wait for " + V + r"(?=$|[;.:])", r"步骤 \1 并没有等待 \2"),
    (r"no dependency is drawn from " + V + r" to " + V + r"(?=$|[;.:])",
     r"从 \1 到 \2 没有依赖关系"),
    (r"step " + V + r" cannot go inside itself or its own sub-steps",
     r"步骤 \1 不能放进它自己或它的子步骤里"),
    (r"inside " + V + r", step " + V + r" would reach level " + ID + r"; at most " + ID
     + r" levels are allowed", r"放进 \1 后，步骤 \2 会到第 \3 层；最多只能有 \4 层"),
    (r"step " + V + r" is already there", r"步骤 \1 已经在那里"),
    (r"a plan needs at least one step; delete the task or abort the plan instead",
     "计划至少要有一个步骤；请改为删除任务或放弃这个计划"),
    (r"step " + V + r" has sub-steps; delete or move them first",
     r"步骤 \1 有子步骤；请先删除或移走它们"),
    (r"steps would wait for each other: ", "这些步骤会互相等待："),
    (r"the plan is now at revision " + ID + r", saved elsewhere since revision " + ID
     + r" was shown; nothing was changed",
     r"计划现在是第 \1 版，在显示第 \2 版之后已在别处保存；什么都没有改"),
    (r"these fields cannot be edited: ", "这些字段不能编辑："),
    (r"nothing was different", "没有任何不同"),
    (r"not a date and time: ", "不是日期和时间："),
    (r"not a date and time", "不是日期和时间"),
    (r"a step needs a title", "步骤需要一个标题"),
    (r"inputs must be a set of named values", "输入必须是一组有名称的值"),
    # the state machines (app.states)
    *((rf"\ba {machine} cannot go from (\S+) to (\S+); from \S+ it can go to ",
       rf"{zh}不能从 \1 变为 \2；从 \1 只能变为 ")
      for machine, zh in (("task", "任务"), ("plan", "计划"), ("step", "步骤"))),
    (r"nothing \(it is final\)", "无（这是最终状态）"),
)
FILES: tuple[tuple[str, str], ...] = (
    (r"a result file needs a path", "结果文件需要一个路径"),
    (r"a path may not contain a NUL character", "路径里不能有 NUL 字符"),
    (V + r" names the task's folder itself; give a file name",
     r"\1 指的是任务文件夹本身；请给出一个文件名"),
    (V + r"… is " + ID + r" bytes long; a result path may have at most " + ID,
     r"\1… 有 \2 字节长；结果路径最多 \3 字节"),
    (V + r" is " + ID + r" folders deep; at most " + ID, r"\1 有 \2 层文件夹；最多 \3 层"),
    (V + r" is absolute; result files take a path inside the task's folder",
     r"\1 是绝对路径；结果文件要用任务文件夹里的路径"),
    (V + r" climbs out with '\.\.'; keep it inside the task's folder",
     r"\1 用 '..' 跳出了文件夹；请留在任务文件夹里"),
    (V + r" has a name of " + ID + r" bytes; a file or folder name may have at most " + ID
     + r" bytes", r"\1 的名称有 \2 字节；文件或文件夹名最多 \3 字节"),
    (V + r" contains a control character", r"\1 含有控制字符"),
    (V + r" contains one of (.+?), which Windows does not allow in a name",
     r"\1 含有 \2 中的字符，Windows 不允许名称里有它们"),
    (V + r" uses " + V + r", a name Windows reserves for a device",
     r"\1 用了 \2，这是 Windows 留给设备的名称"),
    (V + r" has a name ending in a dot or a space, which Windows drops",
     r"\1 的名称以点或空格结尾，Windows 会去掉它"),
    (r"a result file's content must be text", "结果文件的内容必须是文字"),
    (r"the content is " + ID + r" bytes; a result file may hold at most " + ID + r" bytes",
     r"内容有 \1 字节；结果文件最多 \2 字节"),
    (r"the task's folder \(?(.+?)\)? is (?:\(or lies under\) )?a symbolic link; "
     r"Stepwise will not write through it",
     r"任务文件夹 \1 是（或位于）符号链接；Stepwise 不会经由它写入"),
    (V + r" is a symbolic link; Stepwise will not write through it",
     r"\1 是符号链接；Stepwise 不会经由它写入"),
    (V + r" is a folder or a special file, not a file to write",
     r"\1 是文件夹或特殊文件，不是可写的文件"),
    (V + r" is not valid Unicode text", r"\1 不是有效的 Unicode 文字"),
    (V + r" leads through a link \((.*?)\); Stepwise does not follow links in a task's folder",
     r"\1 要经过链接（\2）；Stepwise 不跟随任务文件夹里的链接"),
    (V + r" needs " + V + r" to be a folder, but it is a file",
     r"\1 需要 \2 是文件夹，但它是文件"),
)
RECURRENCES: tuple[tuple[str, str], ...] = (
    (r"for example (FREQ=\S+)", r"例如 \1"),
    (r"a recurrence is RRULE text, not " + ID + r";", r"重复规则应是 RRULE 文字，而不是 \1；"),
    (r"the recurrence is " + ID + r" characters; an RRULE fits in " + ID,
     r"重复规则有 \1 个字符；RRULE 最多 \2 个"),
    (r"the recurrence " + V + r" has no FREQ;?", r"重复规则 \1 没有 FREQ；"),
    (r"the recurrence " + V + r" does not occur in the " + ID + r" years after its first time "
     r"\(no date matches all of its parts\);?",
     r"重复规则 \1 在第一次之后的 \2 年里不会出现（没有哪天符合它的全部条件）；"),
    (r"the recurrence " + V + r" has " + V + r", which is not an RRULE part \((.*?)\);?",
     r"重复规则 \1 里的 \2 不是 RRULE 的组成部分（\3）；"),
    (r"the recurrence " + V + r" gives " + ID + r" twice", r"重复规则 \1 给了两次 \2"),
    (r"the recurrence " + V + r" is not usable: ", r"重复规则 \1 无法使用："),
    *((r"BYSETPOS=" + ID + r" asks for a position beyond the " + ID + r" times? each " + unit
       + r" of it can hold, so it does not occur;?",
       r"BYSETPOS=\1 要的位置超出了这条规则每" + zh + r"最多的 \2 次，所以它不会出现；")
      for unit, zh in (("hour", "小时"), ("day", "天"), ("week", "周"), ("month", "月"),
                       ("year", "年"))),
    (r"the recurrence " + V + r" has a bad " + ID + r": ", r"重复规则 \1 的 \2 有误："),
)
SYNC: tuple[tuple[str, str], ...] = (
    (ID + r" is plain http://: your password would travel unencrypted over the network\. "
     r"Use the server's https:// address \(on a network you trust, the command line takes "
     r"--insecure\)",
     r"\1 是不加密的 http://：你的密码会以明文经过网络。请用服务器的 https:// 地址"
     r"（在你信任的网络上，命令行可以加 --insecure）"),
    (r"choose mine or theirs, not " + V + r"$",
     r"请选择 mine（我的）或 theirs（对方的），而不是 \1"),
    (r"task " + ID + r" has no sync conflict " + ID + r" \(stepwise sync conflicts lists them\)",
     r"任务 \1 没有同步冲突 \2（stepwise sync conflicts 会列出它们）"),
    (r"conflict " + ID + r" was settled already \((.*?)\)", r"冲突 \1 已经解决过了（\2）"),
    (r"steps added or deleted on the other device cannot be taken again here: add or delete "
     r"them by hand, then keep mine",
     "另一台设备上添加或删除的步骤不能在这里再次采用：请手动添加或删除，然后保留我的版本"),
    (r"that step is no longer in the task's plan", "那一步已不在任务的计划里"),
    (V + r" is not an http\(s\) URL of a CalDAV task list",
     r"\1 不是 CalDAV 任务列表的 http(s) 地址"),
    (V + r" is already a sync account \(stepwise sync list\)",
     r"\1 已经是同步账户（stepwise sync list）"),
    (r"no sync account yet: ", "还没有同步账户："),
    (r"no sync account " + ID + r" \(stepwise sync list\)",
     r"没有同步账户 \1（stepwise sync list）"),
    (r"no sync conflict " + ID + r" \(stepwise sync conflicts lists them\)",
     r"没有同步冲突 \1（stepwise sync conflicts 会列出它们）"),
    (r"nothing in the trash with id " + ID + r" \(stepwise sync trash\)",
     r"回收站里没有编号为 \1 的内容（stepwise sync trash）"),
    (r"the task list's name and component set were not set again after the first write "
     r"\(HTTP " + ID + r"\)", r"第一次写入之后，任务列表的名称和组件集合没能再次设置（HTTP \1）"),
    (V + r" holds a user name or password; Stepwise does not keep passwords in addresses: "
     r"use the calendar's private address without them, or add it as caldav with --user "
     r"and --password-env",
     r"\1 里含有用户名或密码；Stepwise 不在地址里保存密码：请使用不含它们的日历私密地址，"
     r"或用 --user 和 --password-env 以 caldav 方式添加"),
    (r"the URL names the user " + V + r" but --user says " + V + r"; give the user once",
     r"地址里的用户是 \1，但 --user 写的是 \2；用户只需给一次"),
    (V + r" is not one of " + V + r"$", r"\1 不是 \2 之一"),
    (V + r" was not sent: " + V + r"$", r"\1 没有发送：\2"),
    # a task list gone or replaced (app.sync.identity)
    (r"The task list " + ID + r" is gone from the server\. ", r"任务列表 \1 已从服务器上消失。"),
    (r"The task list " + ID + r" no longer holds any of the " + ID + r" tasks this device "
     r"synced with it: it was reset, recreated or replaced\. ",
     r"任务列表 \1 里已没有这台设备同步过的 \2 个任务中的任何一个：它被重置、重建或替换了。"),
    (r"Nothing was changed on this device\. Choose: (`[^`]*`) \(make the list again from "
     r"this device's tasks\), (`[^`]*`) \(keep these tasks and take the list's items as "
     r"they are now\) or (`[^`]*`) \(forget the account\)",
     r"这台设备上什么都没有改动。请选择：\1（用这台设备的任务重建列表）、\2（保留这些任务，"
     r"并按现状接收列表里的条目）或 \3（忘掉这个账户）"),
    (V + r" is not a CalDAV task list \(the server calls it (.*?)\); nothing was synced — "
     r"check the address \(stepwise sync list\)",
     r"\1 不是 CalDAV 任务列表（服务器称它为 \2）；什么都没有同步——"
     r"请检查地址（stepwise sync list）"),
    # other devices' items that could not be taken (app.sync.pull, app.sync.report)
    (r"^(\d+) items? from other devices could not be read: (.*) — (?:it stays|they stay) on "
     r"the server untouched$", r"有 \1 个来自其他设备的条目无法读取：\2——它们原样留在服务器上"),
    (r": its task is not on this device \(deleted here, or it could not be read\)",
     "：它的任务不在这台设备上（在这里删除了，或无法读取）"),
    (r": could not be taken as a step of its task", "：无法作为它所属任务的步骤"),
    (r": its task " + V + r" could not be taken$", r"：它的任务 \1 无法采用"),
    (r": could not be taken", "：无法采用"),
    (r"an event, not a task", "这是日程，不是任务"),
    (r"not readable iCalendar", "不是可读的 iCalendar"),
    (r": it has no UID", "：它没有 UID"),
    (r": left out what could not be read \((.*)\)$", r"：略去了无法读取的内容（\1）"),
    (r": made a subtask on another device, so it is a step of its task now \(the task as "
     r"it was is in the trash\)",
     "：在另一台设备上被设为子任务，所以现在是它所属任务的一步（原来的任务在回收站里）"),
    (r": made a subtask on another device, but it has steps of its own here, so it stays a "
     r"task", "：在另一台设备上被设为子任务，但它在这里有自己的步骤，所以仍是任务"),
    (r": (\d+) occurrence\(s\) ticked off on another device",
     r"：另一台设备上完成了 \1 次重复"),
    (r": deleted here but changed on another device since, so it is back from the trash "
     r"with that change",
     "：在这里删除了，但之后在另一台设备上改过，所以它带着那次改动从回收站回来了"),
    (r": deleted here but changed on another device since, so it is back",
     "：在这里删除了，但之后在另一台设备上改过，所以它回来了"),
    (r"^(\d+) task\(s\) synced before are not on this device and were not deleted here: "
     r"they stay on the server and come back at the next sync",
     r"\1 个以前同步过的任务不在这台设备上，也不是在这里删除的："
     r"它们留在服务器上，下次同步时会回来"),
    # the conflicts on a task (app.sync.conflicts, app.sync.merge)
    (r"^sync conflict: ", "同步冲突："),
    (r": the other device's (.*?) was refused \((.*)\); this device's (.*?) kept",
     r"：另一台设备的 \1 被拒绝（\2）；保留了这台设备的 \3"),
    (r": kept the other device's (.*?), this device's (.*?) lost",
     r"：保留了另一台设备的 \1，这台设备的 \2 被舍弃"),
    (r": kept (.*?), the other device's (.*?) lost", r"：保留了 \1，另一台设备的 \2 被舍弃"),
    (r" \(and (\d+) more\)$", r"（另有 \1 个）"),
    (r"(?<=被拒绝（)step ('[^']*'|\"[^\"]*\"): ", r"步骤 \1："),  # a refused step's reason
)
REMINDERS: tuple[tuple[str, str], ...] = (
    (r"snooze for (.*?), not " + V + r"$", r"推迟时长可选 \1，而不是 \2"),
    (r"snooze until a time in the future, not " + V + r"$", r"请推迟到将来的时间，而不是 \1"),
    (r"there is no reminder " + ID + r"; `stepwise reminders list` shows them",
     r"没有提醒 \1；`stepwise reminders list` 会列出它们"),
    (r"reminder " + ID + r" is already done", r"提醒 \1 已经完成"),
    (r"a contact needs a name and an e-mail address", "联系人需要姓名和电子邮件地址"),
    (V + r" is already a contact; `stepwise contacts` lists them",
     r"\1 已经是联系人；`stepwise contacts` 会列出他们"),
    (r"there is no message " + ID + r" in the outbox", r"发件箱里没有消息 \1"),
    (r"message " + ID + r" is already " + ID, r"消息 \1 已经是 \2 状态"),
    (r"there is no backup " + V + r"; backups: ", r"没有备份 \1；现有备份："),
)
CALENDAR: tuple[tuple[str, str], ...] = (
    (r"there is no calendar " + ID + r"; `stepwise calendar list` shows them",
     r"没有日历 \1；`stepwise calendar list` 会列出它们"),
    (r"working hours end \(([^)]*)\) before they start \(([^)]*)\); fix ",
     r"工作时间的结束（\1）早于开始（\2）；请修改 "),
    (r" and (calendar\.work_end) with `stepwise settings`", r" 和 \1（`stepwise settings`）"),
    (r"; give a time of day such as \"09:00\" with ", r'；请给出一天中的时间，例如 "09:00"，用 '),
    (r"^(\S+) is ('[^']*'|\"[^\"]*\")；", r"\1 是 \2；"),
    (V + r" (?:is|are) already added; `stepwise calendar list` shows them",
     r"\1 已经添加过了；`stepwise calendar list` 会列出它们"),
    (V + r" is already calendar " + ID + r" \((.*)\)$", r"\1 已经是日历 \2（\3）"),
    (r"--to \(([^)]*)\) is not after --from \(([^)]*)\)", r"--to（\1）不晚于 --from（\2）"),
    (r"free time is shown for at most " + ID + r" days at once; give a --to closer to --from",
     r"空闲时间一次最多显示 \1 天；请让 --to 离 --from 近一些"),
    (V + r" is not a duration; give one such as 45m, 1h30 or 90",
     r"\1 不是时长；请写 45m、1h30 或 90 这样的时长"),
    (r"an estimate is " + ID + r" to " + ID + r" minutes; " + V + r" is " + ID + r"$",
     r"估计时长应为 \1 到 \2 分钟；\3 是 \4 分钟"),
    (r"an estimate is " + ID + r" to " + ID + r" minutes, not " + ID,
     r"估计时长应为 \1 到 \2 分钟，而不是 \3"),
    (r"--days is 1 to " + ID + r", not " + ID, r"--days 应为 1 到 \1，而不是 \2"),
    (r"there is no scheduled block " + ID + r"; schedule again", r"没有排程时段 \1；请重新排程"),
    (r"a block lasts at least 5 minutes", "一个时段至少 5 分钟"),
)
IMPORTS: tuple[tuple[str, str], ...] = (
    (r": the start time \((.*?)\) is after the (\S+) time; imported without its start, "
     r"which stays in the detail",
     r"：开始时间（\1）晚于\2时间；导入时不设开始时间，开始时间保留在详情里"),
    (r"(?<=晚于)due时间", "截止时间"),
    (r"(?<=晚于)expiry时间", "过期时间"),
    (r"^line " + ID + r": ", r"第 \1 行："),
    (r"(\S+) reminders \(VALARM\): Stepwise makes its own from the start and due times "
     r"\(settings: reminders\.lead_minutes\)",
     r"\1 个提醒（VALARM）：Stepwise 会按开始和截止时间自己生成提醒"
     r"（设置：reminders.lead_minutes）"),
    (r": an instance of a recurring task \(the recurring task itself is imported once\)",
     r"：重复任务的一次实例（重复任务本身只导入一次）"),
    (r": the recurrence " + V + r" \(imported as a task that does not repeat\)",
     r"：重复规则 \1（按不重复的任务导入）"),
    (r": recurring without a due date \(imported as a task that does not repeat\)",
     "：重复但没有截止日期（按不重复的任务导入）"),
    (r"rec: without due: \(imported as a task that does not repeat\)",
     "有 rec: 却没有 due:（按不重复的任务导入）"),
    (r"(rec:\S*) \(imported as a task that does not repeat\)", r"\1（按不重复的任务导入）"),
    (r": its dependency on " + V + r", which is not in the file", r"：它依赖的 \1 不在文件里"),
    (V + r" is indented " + ID + r" levels under a task that has " + ID + r"$",
     r"\1 缩进了 \2 层，而上面的任务只有 \3 层"),
    (r"indented with no task above it \(imported as a task\)",
     "缩进了，但上面没有任务（按任务导入）"),
    (r"a note before any task", "在任何任务之前的备注"),
    (r"a " + V + r" row \(not a task, section or note\)", r"一行 \1（不是任务、分区或备注）"),
    (r": the recurring date " + V + r" \(imported without a date\)",
     r"：重复日期 \1（导入时不带日期）"),
    (r": the date " + V + r" \(imported without a date\)", r"：日期 \1（导入时不带日期）"),
    (r"no words besides tags and dates", "除了标签和日期没有别的文字"),
    (V + r" is not a date \(YYYY-MM-DD\)", r"\1 不是日期（YYYY-MM-DD）"),
)
PUBLISH: tuple[tuple[str, str], ...] = (
    (r"task " + ID + r": " + V + r" of steps, " + V + r" free before " + V + r": move the due "
     r"date, shorten a step, or free some time in the calendar",
     r"任务 \1：各步骤共需 \2，\4 之前只有 \3 空闲："
     r"请推迟截止日期、缩短某一步，或在日历里腾出时间"),
    (V + r" is the calendar Stepwise publishes its schedule to; it is never read back as "
     r"busy time", r"\1 是 Stepwise 发布日程的日历，永远不会被当作忙碌时间读回"),
    (V + r" does not end in \.ics: calendar apps subscribe to an \.ics file; choose a name "
     r"like plan\.ics",
     r"\1 不是以 .ics 结尾：日历应用订阅的是 .ics 文件；请起一个像 plan.ics 这样的名字"),
    (r"there is no folder " + V + r"$", r"没有文件夹 \1"),
    (V + r" is a folder; give the name of a file in it",
     r"\1 是一个文件夹；请给出其中一个文件的名字"),
    (V + r" is one of the calendars Stepwise reads \(“(.*?)”\); it publishes only to a "
     r"calendar of its own: ", r"\1 是 Stepwise 读取的日历之一（“\2”）；它只发布到自己的日历："),
    (r"choose a new file name$", "请换一个新的文件名"),
    (r"give a new calendar's address, such as …/stepwise-plan/$",
     "请给出一个新日历的地址，例如 …/stepwise-plan/"),
    (V + r" exists and is not a calendar Stepwise published; Stepwise never overwrites "
     r"another program's file: choose a new name",
     r"\1 已存在，且不是 Stepwise 发布的日历；Stepwise 从不覆盖其他程序的文件：请换一个名字"),
    (r"the schedule is published to " + V + r" already \(stepwise publish list\)",
     r"日程已经发布到 \1 了（stepwise publish list）"),
    (r"no publish target " + ID + r" \(stepwise publish list\)",
     r"没有发布目标 \1（stepwise publish list）"),
    (r"cannot write " + V + r": " + V + r"$", r"无法写入 \1：\2"),
    (V + r" was replaced by a file Stepwise did not write; it is left as it is \(stepwise "
     r"publish remove " + ID + r" stops publishing there\)",
     r"\1 已被一个不是 Stepwise 写的文件替换；它保持原样（stepwise publish remove \2 "
     r"会停止发布到那里）"),
    (V + r" is not an http\(s\) address of a calendar", r"\1 不是日历的 http(s) 地址"),
    (V + r" holds " + ID + r" events Stepwise did not write; it publishes only to a calendar "
     r"of its own: give a new calendar's address",
     r"\1 里有 \2 个不是 Stepwise 写的日程；它只发布到自己的日历：请给出一个新日历的地址"),
    (V + r" is not a calendar; give the address of a new calendar for Stepwise to make, such "
     r"as …/stepwise-plan/",
     r"\1 不是日历；请给出一个让 Stepwise 新建的日历地址，例如 …/stepwise-plan/"),
)
COMMANDS: tuple[tuple[str, str], ...] = (
    (r"choose the model server's address and the model in Settings",
     "请在设置中选择模型服务器的地址和模型"),
    (r"--provider " + ID + r" needs --base-url and --model",
     r"--provider \1 需要 --base-url 和 --model"),
    (r"the environment variable " + ID + r" is empty or unset", r"环境变量 \1 是空的或没有设置"),
    (r"say which message: ", "请说明是哪条消息："),
    (r"say which backup: (stepwise backup restore NAME) \(see backup list\)",
     r"请说明是哪个备份：\1（备份列表：stepwise backup list）"),
    (r"^(stepwise [a-z]+ .*)$", r"用法：\1"),
    (r"the title " + V + r" does not say what to do: name the step in words",
     r"标题 \1 没有说要做什么：请用文字写出这一步"),
)
RULES = (*TASKS, *PLANS, *FILES, *RECURRENCES, *SYNC, *REMINDERS, *CALENDAR, *IMPORTS,
         *PUBLISH, *COMMANDS)
