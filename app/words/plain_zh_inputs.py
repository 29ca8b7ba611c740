"""Input problems in plain Chinese: a time that cannot be read, a file that cannot be
read or written, a calendar or a sync server that does not answer as it should, and
consent the assistant needs; retold with the values they name (a path, a phrase, an
address, a number) kept as they are. ``app.words.plain_zh`` applies these with the refusals.

tests/app/test_plain_zh_inputs.py walks these errors' literal messages as well.
"""

from __future__ import annotations

V = r"(.+?)"  # a value the sentence names, kept as it is
ID = r"(\S+)"  # a number, a path or a quoted phrase without spaces
N = r"(\d+)"  # a count

TIMES: tuple[tuple[str, str], ...] = (
    (r" is a bare number, not a time; say what it counts, as in '5pm', 'Dec 5' or 'in 5 days'",
     r" 只是一个数字，不是时间；请说明它数的是什么，例如 '5pm'、'Dec 5' 或 '5天后'"),
    (r" has a negative amount; say 'in 5 days' or '5 days ago'",
     r" 的数量是负的；请写 '5天后' 或 '5天前'"),
    (r" is not a date: no reading of it has a month 1-12 and a day in that month",
     r" 不是日期：无论怎么读，都没有 1-12 月和该月里的一天"),
    (r" is not a date: ", r" 不是日期："),
    (r"^(\w+) has no day " + ID, r"\1 没有第 \2 天"),
    (r" was read as (.+?)(?=, which)", r" 被读成 \1"),
    (r", which is not a (\w+); say 'friday 5pm' or 'Dec 5'",
     r"，但那天不是 \1；请写 'friday 5pm' 或 '12月5日'"),
    (r", which leaves out " + ID + r"; say 'tomorrow 5pm', 'Dec 5' or 'in 5 days'",
     r"，漏掉了 \1；请写 '明天下午5点'、'12月5日' 或 '5天后'"),
    (V + r" is not a number; write ", r"\1 不是数字；请写 "),
    (r" or 15$", " 或 15"),
    (r"^an empty time", "时间是空的"),
    (r"a time phrase of " + ID + r" characters is too long", r"时间短语有 \1 个字符，太长了"),
    (r"could not understand " + V + r" as a time", r"无法把 \1 理解为时间"),
    (V + r" is outside the times Stepwise keeps \((.+?) to (.+?)\)",
     r"\1 超出了 Stepwise 能保存的时间范围（\2 到 \3）"),
    (V + r" is further than the times Stepwise keeps \(up to (.+?)\)",
     r"\1 超出了 Stepwise 能保存的时间范围（最晚到 \2）"),
    (V + r" is not an ISO 8601 time; try ('[^']*') or ('[^']*')",
     r"\1 不是 ISO 8601 时间；可以写 \2 或 \3"),
    (r" is not a time of day: with am or pm the hour is 1 to 12",
     r" 不是一天中的时间：带 am 或 pm 时，小时是 1 到 12"),
    (ID + r" is not a time of day", r"\1 不是一天中的时间"),
    # app.dates.when.EXAMPLES: in Chinese, its Chinese examples
    (r"; try 'tomorrow 3pm', 'next friday', 'in 2 hours', ('[^']*'), ('[^']*'), ('[^']*')$",
     r"；可以写 \2、\3 或 \1"),
    (r"; try (?!again)(.+)$", r"；可以写 \1"),  # examples after the specific rules
)
FILES: tuple[tuple[str, str], ...] = (
    (V + r" is a folder, not (.+)$", r"\1 是文件夹，不是 \2"),
    (V + r" is (.+?), not (.+?): give the path of a regular file",
     r"\1 是 \2，不是 \3：请给出普通文件的路径"),
    (r"\ba JSON file\b", "JSON 文件"), (r"\ba FIFO \(named pipe\)", "FIFO（命名管道）"),
    (r"\ba socket\b", "套接字"), (r"\ba device\b", "设备"),
    (r"\ban \.ics calendar file\b", ".ics 日历文件"), (r" \(moved or deleted\?\)",
     "（被移动或删除了？）"),
    (V + r" is empty; it should hold JSON", r"\1 是空的；它应当是 JSON"),
    (V + r" does not exist", r"\1 不存在"),
    (V + r" cannot be read \(permission denied\)", r"\1 无法读取（没有权限）"),
    (V + r" cannot be read: ", r"\1 无法读取："),
    (V + r" is not a usable file name", r"\1 不是可用的文件名"),
    (V + r" is not UTF-8 text", r"\1 不是 UTF-8 文字"),
    (V + r" is not valid JSON: (.+?) at line " + ID + r", column " + ID,
     r"\1 不是有效的 JSON：第 \3 行第 \4 列，\2"),
    (V + r" nests too deeply to be a Stepwise file", r"\1 嵌套太深，不是 Stepwise 文件"),
    (V + r" is (\S+ MiB|over the limit); the limit is (\S+) MiB", r"\1 有 \2；上限是 \3 MiB"),
    (r"(有 )over the limit", r"\1超过上限的大小"),
    (r"could not write " + V + r": (.+?); nothing was changed", r"无法写入 \1：\2；什么都没有改"),
    (r"could not look at " + V + r": ", r"无法查看 \1："),
    (V + r": (.+?) holds an unpaired surrogate \(such as \\ud800\), which is not text; "
     r"fix or remove it", r"\1：\2 含有不成对的代理字符（如 \\ud800），这不是文字；请修正或删除它"),
    (V + r" is not a Stepwise database export \(no \"format\": (\"[^\"]*\")\)",
     r'\1 不是 Stepwise 数据库导出文件（没有 "format": \2）'),
    (V + r" is export format " + ID + r"; this Stepwise reads " + ID,
     r"\1 的导出格式是 \2；这个 Stepwise 读取的是 \3"),
    (V + r" comes from schema " + ID + r", newer than this Stepwise's " + ID
     + r"; upgrade Stepwise to import it",
     r"\1 来自结构版本 \2，比这个 Stepwise 的 \3 新；请升级 Stepwise 再导入"),
    (V + r': "schema_version" should be a whole number from 1, not ' + V
     + r"; it is not a Stepwise database export",
     r'\1："schema_version" 应是从 1 起的整数，而不是 \2；这不是 Stepwise 数据库导出文件'),
    (V + r" holds a number of " + ID + r" digits \(" + V + r"\); numbers in it may have at "
     r"most " + ID, r"\1 含有一个 \2 位的数字（\3）；其中的数字最多 \4 位"),
    (V + r" was made by a newer Stepwise \(schema " + ID + r"; this one reads up to " + ID
     + r"\)\. Upgrade Stepwise to restore it\. Nothing was changed\.",
     r"\1 由更新的 Stepwise 制作（结构版本 \2；这个版本最多读取 \3）。请升级 Stepwise "
     r"再恢复它。什么都没有改。"),
    (V + r" is not a Stepwise database in good order \(" + V + r"\)\. Nothing was changed\.",
     r"\1 不是完好的 Stepwise 数据库（\2）。什么都没有改。"),
    (r": 'tables' must map table names to rows", "：'tables' 必须把表名对应到行"),
    (r"; unknown tables: ", "；未知的表："),
    (r": rows point at rows that are not there \((.*)\); nothing was imported",
     r"：有的行指向不存在的行（\1）；什么都没有导入"),
    (r": table " + V + r" must be a list of rows \(objects\)", r"：表 \1 必须是行（对象）的列表"),
    (r"unknown columns (.+?)(?=；什么都没有导入|; nothing was imported)", r"未知的列 \1"),
    (r"table " + V + r" does not fit the schema: (.+?); nothing was imported",
     r"表 \1 不符合结构：\2；什么都没有导入"),
    (V + r" is not a Stepwise database in good order \((.*)\)$",
     r"\1 不是完好的 Stepwise 数据库（\2）"),
    (V + r" is not a readable database \((.*)\)$", r"\1 不是可读的数据库（\2）"),
    (r"there is no calendar file at ", "这个位置没有日历文件："),
)
IMPORTS: tuple[tuple[str, str], ...] = (  # a file to import that is not what it should be
    (V + r" is empty; it should be ", r"\1 是空的；它应当是 "),
    (V + r" is not UTF-8 text, so it is not ", r"\1 不是 UTF-8 文字，所以不是 "),
    (V + r" holds binary data, so it is not ", r"\1 含有二进制数据，所以不是 "),
    (V + r" holds no VTODOs \(tasks\); events cannot be imported as tasks",
     r"\1 里没有 VTODO（任务）；事件不能作为任务导入"),
    (r": task " + ID + r" has no " + ID + r", so it is not ", r"：第 \1 个任务没有 \2，所以不是 "),
    (r"^task " + ID + r" \((.*?)\): its plan is not valid: (.+?); nothing was imported",
     r"第 \1 个任务（\2）：它的计划无效：\3；什么都没有导入"),
    (r"^task " + ID + r" \((.*?)\): (.+?); nothing was imported",
     r"第 \1 个任务（\2）：\3；什么都没有导入"),
    (r": it should be a list of task objects", "：它应当是任务对象的列表"),
    (r": its first line should name the columns TYPE and CONTENT \(and (.*?)\)",
     r"：它的第一行应当列出 TYPE 和 CONTENT 列（以及 \1）"),
    (r"(.+?) at line " + ID + r"$", r"\1（第 \2 行）"),
    (V + r" is not (?=an iCalendar file with|a Taskwarrior|a Todoist CSV|a todo\.txt)",
     r"\1 不是 "),
    (r"\ban iCalendar file with VTODOs\b", "含有 VTODO 的 iCalendar 文件"),
    (r"\ba Taskwarrior (`task export`) JSON file\b", r"Taskwarrior 的 \1 JSON 文件"),
    (r"\ba Todoist CSV backup\b", "Todoist CSV 备份"), (r"\ba todo\.txt file\b", "todo.txt 文件"),
)
SERVERS: tuple[tuple[str, str], ...] = (
    (r"no password is kept for this account: " + ID + r" refused user " + V + r" \(HTTP "
     r"401/403\); give it with --password-env VAR or in Settings → Sync",
     r"此账户没有保存密码：\1 拒绝了用户 \2（HTTP 401/403）；请用 --password-env VAR "
     r"或在“设置 → 同步”中提供密码"),
    (r"\ban HTML page", "一个 HTML 网页"),
    (r"\bHTTP (\d+) and nothing else\b", r"HTTP \1，没有别的内容"),
    (r"\bHTTP (\d+) and (\S+) that is not XML\b", r"HTTP \1 和不是 XML 的 \2"),
    (r"\breading the task list\b", "读取任务列表"),
    (r"\blisting the task list\b", "列出任务列表"),
    (r"\bcreating the task list\b", "创建任务列表"),
    (r"\bwriting the whole task list\b", "写入整个任务列表"),
    (r"\ba (sync-collection|calendar-multiget) REPORT\b", r"\1 REPORT 请求"),
    (ID + r" did not finish its answer within " + ID + r" s \((\S+) bytes came\); the server "
     r"may be overloaded or broken, try again later",
     r"\1 在 \2 秒内没有发完回答（只来了 \3 字节）；服务器可能过载或出了故障，请稍后再试"),
    (ID + r" sent more than " + ID + r" MB in one answer; Stepwise stopped reading there "
     r"\(the server may be broken, try again later\)",
     r"\1 的一个回答超过了 \2 MB；Stepwise 在那里停止了读取（服务器可能出了故障，请稍后再试）"),
    (r"the connection to " + ID + r" broke \((.*)\); try again later",
     r"与 \1 的连接断开了（\2）；请稍后再试"),
    (ID + r" broke off its answer \((.*)\); try again later",
     r"\1 的回答中途断了（\2）；请稍后再试"),
    (ID + r" answered with something that is not HTTP; is this the address of the server\?",
     r"\1 回答的内容不是 HTTP；这是服务器的地址吗？"),
    (ID + r" sent an answer that is not HTTP \((.*)\); is this the address of the server\?",
     r"\1 发来的回答不是 HTTP（\2）；这是服务器的地址吗？"),
    (ID + r" redirected more than " + N + r" times; check the address",
     r"\1 重定向超过了 \2 次；请检查地址"),
    (ID + r" asks for " + V + r" sign-in, which Stepwise does not do",
     r"\1 要求用 \2 方式登录，Stepwise 不支持"),
    (ID + r" asks for a sign-in Stepwise does not do", r"\1 要求的登录方式 Stepwise 不支持"),
    (r" \(it signs in with Basic or Digest: a user name and a password\); use an app "
     r"password or another address of the server that takes one",
     "（它用 Basic 或 Digest 登录：用户名加密码）；请使用应用专用密码，"
     "或服务器接受这种登录的另一个地址"),
    (ID + r" redirected from https to " + ID + r" \((.*)\); Stepwise does not send your "
     r"account unencrypted: check the address",
     r"\1 把请求从 https 重定向到了 \2（\3）；Stepwise 不会以不加密的方式发送你的账户：请检查地址"),
    (ID + r" redirected to another server \((.*?)\); Stepwise does not follow it with your "
     r"account: if the address moved, change it to the new one",
     r"\1 把请求重定向到了另一台服务器（\2）；Stepwise 不会带着你的账户跟过去："
     r"如果地址变了，请改成新地址"),
    (ID + r" answered a " + ID + r" request with something that is not CalDAV \((.*)\); is "
     r"this the address of a CalDAV task list\?",
     r"\1 对 \2 请求的回答不是 CalDAV（\3）；这是 CalDAV 任务列表的地址吗？"),
    (ID + r" answered (.+?) with (.+?), not CalDAV; is this the address of a CalDAV task "
     r"list\? \(nothing was deleted\)",
     r"\1 对\2的回答是\3，不是 CalDAV；这是 CalDAV 任务列表的地址吗？（什么都没有删除）"),
    (r"broken XML at line " + N, r"XML 是坏的（第 \1 行）"),
    (r"XML with a document type \(DTD\), which a CalDAV answer never has; it may declare "
     r"entities, so it was not read",
     "带文档类型（DTD）的 XML，CalDAV 的回答从不带它；它可能声明实体，所以没有读取"),
    (r"XML that declares or refers to an entity; it was not read",
     "声明或引用实体的 XML；没有读取"),
    (r"not XML: there is no element in it", "不是 XML：里面没有元素"),
    (r"your tasks' text would be sent to " + ID + r"; allow it in Settings \(or use a model "
     r"on this computer\)", r"你的任务文字会被发送到 \1；请在设置中允许（或使用这台电脑上的模型）"),
    (V + r" is not a calendar address \((.*)\)$", r"\1 不是日历地址（\2）"),
    (r"no item of this calendar is iCalendar: ", "这个日历里没有一项是 iCalendar："),
    (ID + r" answered HTTP (\S+)(.*?); the server has a problem, try again later",
     r"\1 回答了 HTTP \2\3；服务器出了问题，请稍后再试"),
    (ID + r" is empty: there is no calendar in it", r"\1 是空的：里面没有日历"),
    (ID + r" refused access \(HTTP (.+?)\); check that the address is the calendar's private "
     r"or public link", r"\1 拒绝访问（HTTP \2）；请确认地址是日历的私人或公开链接"),
    (r"there is no calendar at " + ID + r" \(HTTP 404\); check the address",
     r"\1 没有日历（HTTP 404）；请检查地址"),
    (ID + r" did not answer within " + ID + r" s; the server may be down or slow, try again "
     r"later", r"\1 在 \2 秒内没有回答；服务器可能停机或很慢，请稍后再试"),
    (r"could not connect to " + ID + r" \((.*)\); check the address and your network",
     r"无法连接 \1（\2）；请检查地址和网络"),
    (ID + r" sent a broken answer: ", r"\1 发来的回答是坏的："),
    (r"the calendar at " + ID + r" is bigger than " + ID + r" MB; it was not read",
     r"\1 的日历大于 \2 MB；没有读取"),
    (r"this is not an iCalendar \(\.ics\) file: it should start with BEGIN:VCALENDAR, not ",
     "这不是 iCalendar（.ics）文件：它应当以 BEGIN:VCALENDAR 开头，而不是 "),
    (r"(BEGIN:\S+) outside a VCALENDAR", r"\1 在 VCALENDAR 之外"),
    (r"(END:\S+) does not close " + ID, r"\1 没有关闭 \2"),
    (r"the calendar ends inside (BEGIN:\S+) \(line " + ID + r"\): the file is cut short",
     r"日历在 \1（第 \2 行）里面就结束了：文件被截断了"),
    (r"text after END:VCALENDAR: ", "END:VCALENDAR 之后还有文字："),
    (V + r" has no calendar with events at " + ID, r"\1 在 \2 没有带事件的日历"),
    (r"no password for " + V + r" at " + ID + r": (.+?); give it with ",
     r"没有 \1 在 \2 的密码：\3；请用以下命令提供："),
    (r"the calendar reader stopped unexpectedly; try again, or remove the calendar if it "
     r"happens again", "读取日历的进程意外停止了；请重试，如果再次发生，请移除这个日历"),
    (r"reading the calendar failed in its worker process:", "在工作进程里读取日历失败："),
    (r"the sync was stopped; what was sent so far is kept", "同步已停止；已经发送的内容会保留"),
    (ID + r" refused the user name or password \(HTTP " + ID + r"\)",
     r"\1 拒绝了用户名或密码（HTTP \2）"),
    (ID + r" answered HTTP " + ID + r"$", r"\1 回答了 HTTP \2"),
)
RULES = (*TIMES, *IMPORTS, *FILES, *SERVERS)
