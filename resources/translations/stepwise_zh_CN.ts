<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name></name>
    <message>
        <location filename="../../ui/window/first_frame.py" line="98"/>
        <source>TaskListModel</source>
        <translation>任务列表</translation>
    </message>
</context>
<context>
    <name>AgendaGrid</name>
    <message>
        <location filename="../../ui/calendar/common.py" line="82"/>
        <source>Drag to move it; drag its lower edge to change the estimate.</source>
        <translation>拖动可移动；拖动下边缘可修改预估时长。</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/common.py" line="80"/>
        <source>Why: %1</source>
        <translation>原因：%1</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/common.py" line="75"/>
        <source>pinned</source>
        <translation>已固定</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/common.py" line="76"/>
        <source>planned</source>
        <translation>已安排</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/grid.py" line="259"/>
        <source>(no title)</source>
        <translation>（无标题）</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/grid.py" line="373"/>
        <source>Task due %1, all day</source>
        <translation>任务截止于 %1（全天）</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/grid.py" line="377"/>
        <source>Task due at %1</source>
        <translation>任务截止于 %1</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/grid.py" line="375"/>
        <location filename="../../ui/calendar/grid.py" line="378"/>
        <source>Click to select the task.</source>
        <translation>点击以选中该任务。</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/grid.py" line="379"/>
        <source>Step due at %1</source>
        <translation>步骤截止于 %1</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/common.py" line="78"/>
        <location filename="../../ui/calendar/grid.py" line="380"/>
        <source>Task: %1</source>
        <translation>任务：%1</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/grid.py" line="381"/>
        <source>Click to select the step.</source>
        <translation>点击以选中该步骤。</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/grid.py" line="388"/>
        <source>(free)</source>
        <translation>（空闲）</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/grid.py" line="391"/>
        <source>Calendar: %1</source>
        <translation>日历：%1</translation>
    </message>
</context>
<context>
    <name>AgendaHeader</name>
    <message>
        <location filename="../../ui/calendar/header.py" line="72"/>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分钟</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/header.py" line="72"/>
        <source>%1 h %2</source>
        <translation>%1 小时 %2</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/header.py" line="74"/>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/header.py" line="76"/>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/header.py" line="77"/>
        <source>%1 planned</source>
        <translation>已排 %1</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/header.py" line="130"/>
        <source>ddd d</source>
        <comment>a QLocale date pattern</comment>
        <translation>M月d日 ddd</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/header.py" line="132"/>
        <source>dddd d MMMM</source>
        <comment>a QLocale date pattern</comment>
        <translation>M月d日 dddd</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/header.py" line="160"/>
        <source>all day</source>
        <translation>全天</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/header.py" line="183"/>
        <source>(no title)</source>
        <translation>（无标题）</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/header.py" line="196"/>
        <source>+%1 more</source>
        <translation>另有 %1 项</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/header.py" line="213"/>
        <source>Calendar: %1</source>
        <translation>日历：%1</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/header.py" line="226"/>
        <source>%1 h %2 min of planned work</source>
        <translation>已排 %1 小时 %2 分钟的工作</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/header.py" line="229"/>
        <source>More than your limit of %1 h %2 min a day (Settings → Planning)</source>
        <translation>超过你每天 %1 小时 %2 分钟的上限（设置 → 计划）</translation>
    </message>
</context>
<context>
    <name>AgentChangesDock</name>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="65"/>
        <source>it was undone already.</source>
        <translation>它已经撤销过了。</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="67"/>
        <source>its task is gone.</source>
        <translation>它的任务已不存在。</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="69"/>
        <source>an agent changed this task again later; undo that change first.</source>
        <translation>之后又有智能体更改了这个任务，请先撤销那项更改。</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="73"/>
        <source>you changed this task after %1 did, and your later edit is kept.</source>
        <translation>在 %1 之后你又更改了这个任务，你后来的编辑已保留。</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="76"/>
        <source>it is no longer in the store.</source>
        <translation>它已不在数据库中。</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="154"/>
        <source>Changes made by other AI agents</source>
        <translation>其他 AI 智能体所做的更改</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="156"/>
        <source>No agent has changed anything yet. What other AI agents change through “stepwise mcp” is listed here, each change with an Undo.</source>
        <translation>还没有智能体更改过任何内容。其他 AI 智能体通过 “stepwise mcp” 所做的更改会列在这里，每项更改都可以撤销。</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="158"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="160"/>
        <source>Put the task back as it was before this change (only an agent&apos;s newest change to a task undoes)</source>
        <translation>把任务恢复到这项更改之前的样子（只有智能体对一个任务的最新更改可以撤销）</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="162"/>
        <source>Show task</source>
        <translation>显示任务</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="164"/>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="164"/>
        <source>Change</source>
        <translation>更改</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="164"/>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="164"/>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="206"/>
        <source>Reading the agents&apos; changes</source>
        <translation>正在读取智能体的更改</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="250"/>
        <source>(the schedule)</source>
        <translation>（日程）</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="252"/>
        <source>(task deleted)</source>
        <translation>（任务已删除）</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="302"/>
        <source>Undoing an agent&apos;s change</source>
        <translation>正在撤销智能体的更改</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="319"/>
        <source>Not undone: %1</source>
        <translation>未撤销：%1</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="368"/>
        <source>%1 (and %2 more)</source>
        <translation>%1（另有 %2 项）</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="312"/>
        <source>Undone: %1 (by %2)</source>
        <translation>已撤销：%1（由 %2 所做）</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="248"/>
        <source>%1, undone %2</source>
        <translation>%1，已于 %2 撤销</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="334"/>
        <source>Agent changes</source>
        <translation>智能体更改</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="336"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location filename="../../ui/window/agent_changes.py" line="364"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>AssistantDock</name>
    <message>
        <location filename="../../ui/assistant/dock.py" line="52"/>
        <location filename="../../ui/assistant/dock.py" line="179"/>
        <source>Assistant</source>
        <translation>助理</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/dock.py" line="92"/>
        <location filename="../../ui/assistant/dock.py" line="180"/>
        <source>Now</source>
        <translation>当前</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/dock.py" line="95"/>
        <location filename="../../ui/assistant/dock.py" line="180"/>
        <source>Work log</source>
        <translation>工作记录</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/dock.py" line="96"/>
        <location filename="../../ui/assistant/dock.py" line="181"/>
        <source>Model calls</source>
        <translation>模型调用</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/dock.py" line="97"/>
        <location filename="../../ui/assistant/dock.py" line="181"/>
        <location filename="../../ui/assistant/dock.py" line="348"/>
        <source>Outbox</source>
        <translation>待发消息</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/dock.py" line="128"/>
        <location filename="../../ui/assistant/dock.py" line="183"/>
        <source>Run now</source>
        <translation>立即运行</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/dock.py" line="130"/>
        <location filename="../../ui/assistant/dock.py" line="184"/>
        <source>Review, plan and do what is due now (F5)</source>
        <translation>审阅、规划并执行当前到期的事项（F5）</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/dock.py" line="132"/>
        <location filename="../../ui/assistant/dock.py" line="185"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/dock.py" line="134"/>
        <location filename="../../ui/assistant/dock.py" line="186"/>
        <source>Stop at once; nothing half-done is saved</source>
        <translation>立即停止；未完成的工作不会保存</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/dock.py" line="136"/>
        <location filename="../../ui/assistant/dock.py" line="168"/>
        <source>Show model output</source>
        <translation>显示模型输出</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/dock.py" line="139"/>
        <location filename="../../ui/assistant/dock.py" line="187"/>
        <source>The model&apos;s reply as it writes it, word for word</source>
        <translation>模型正在写的回复，逐字显示</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/dock.py" line="155"/>
        <source>The model&apos;s text appears here while it writes.</source>
        <translation>模型生成的文字会实时显示在这里。</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/dock.py" line="156"/>
        <location filename="../../ui/assistant/dock.py" line="190"/>
        <source>What the assistant did</source>
        <translation>助理已完成的操作</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/dock.py" line="158"/>
        <location filename="../../ui/assistant/dock.py" line="191"/>
        <source>What the model is writing</source>
        <translation>模型正在生成的内容</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/dock.py" line="167"/>
        <source>Hide model output</source>
        <translation>隐藏模型输出</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/dock.py" line="296"/>
        <source>“%1”: %2</source>
        <translation>“%1”：%2</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/log.py" line="52"/>
        <location filename="../../ui/assistant/log.py" line="55"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/log.py" line="52"/>
        <source>Who</source>
        <translation>执行者</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/log.py" line="53"/>
        <source>What</source>
        <translation>事件</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/log.py" line="53"/>
        <source>Message</source>
        <translation>说明</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/log.py" line="55"/>
        <source>Purpose</source>
        <translation>用途</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/log.py" line="56"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/log.py" line="56"/>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/log.py" line="57"/>
        <source>Time taken</source>
        <translation>耗时</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/log.py" line="59"/>
        <source>Select a call to read its reply.</source>
        <translation>选择一次调用即可查看其回复。</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/outbox.py" line="86"/>
        <source>Approve and send</source>
        <translation>批准并发送</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/outbox.py" line="87"/>
        <source>Reject</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/outbox.py" line="88"/>
        <source>No message awaits your approval.</source>
        <translation>没有等待您批准的消息。</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/dock.py" line="214"/>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/dock.py" line="214"/>
        <location filename="../../ui/assistant/dock.py" line="215"/>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/dock.py" line="215"/>
        <location filename="../../ui/assistant/dock.py" line="284"/>
        <source>Running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/dock.py" line="238"/>
        <location filename="../../ui/assistant/dock.py" line="299"/>
        <location filename="../../ui/assistant/dock.py" line="317"/>
        <source>Reading the task</source>
        <translation>正在读取任务</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/dock.py" line="279"/>
        <source>Task %1: %2</source>
        <translation>任务 %1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/log.py" line="75"/>
        <source>Reading the assistant&apos;s log</source>
        <translation>读取助理日志</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/log.py" line="116"/>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/outbox.py" line="128"/>
        <source>Reading the outbox</source>
        <translation>读取待发消息</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/dock.py" line="348"/>
        <source>Outbox (%1)</source>
        <translation>待发消息（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/outbox.py" line="144"/>
        <source>To %1 for “%2”: %3</source>
        <translation>给 %1（“%2”）：%3</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/outbox.py" line="165"/>
        <source>To: %1 &lt;%2&gt; · for “%3”, step “%4”</source>
        <translation>收件人：%1 &lt;%2&gt; · 任务“%3”，步骤“%4”</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/outbox.py" line="167"/>
        <source>Subject: %1</source>
        <translation>主题：%1</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/outbox.py" line="178"/>
        <source>Sending a message</source>
        <translation>发送消息</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/outbox.py" line="179"/>
        <source>Rejecting a message</source>
        <translation>拒绝消息</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/outbox.py" line="190"/>
        <source>Approved, but the mail client could not take the message: it was not sent.</source>
        <translation>已批准，但邮件客户端无法接收该消息：消息未发送。</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/outbox.py" line="194"/>
        <source>Message %1.</source>
        <translation>消息%1。</translation>
    </message>
</context>
<context>
    <name>AssistantSentences</name>
    <message>
        <location filename="../../ui/assistant/sentences.py" line="51"/>
        <source>A task that no longer exists</source>
        <translation>一个已不存在的任务</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/sentences.py" line="53"/>
        <source>“%1” needs you: %2</source>
        <translation>“%1”需要你处理：%2</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/sentences.py" line="55"/>
        <source>Finished “%1”</source>
        <translation>已完成“%1”</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/sentences.py" line="57"/>
        <source>Planned 1 step for “%1” — waiting for your approval</source>
        <translation>已为“%1”规划 1 个步骤——等待你批准</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/sentences.py" line="60"/>
        <source>Planned %2 steps for “%1” — waiting for your approval</source>
        <translation>已为“%1”规划 %2 个步骤——等待你批准</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/sentences.py" line="64"/>
        <source>Working on “%1”: %2 of %3 steps done</source>
        <translation>正在进行“%1”：已完成 %2/%3 步</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/sentences.py" line="67"/>
        <source>“%1” waits until it can start</source>
        <translation>“%1”在等待开始时间</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/sentences.py" line="68"/>
        <source>Looked at “%1”</source>
        <translation>已查看“%1”</translation>
    </message>
</context>
<context>
    <name>AssistantService</name>
    <message>
        <location filename="../../ui/shared/assistant.py" line="191"/>
        <source>Assistant: running</source>
        <translation>助理：运行中</translation>
    </message>
    <message>
        <location filename="../../ui/shared/assistant.py" line="199"/>
        <source>Assistant: planning task %1</source>
        <translation>助理：正在规划任务 %1</translation>
    </message>
</context>
<context>
    <name>CalDavDialog</name>
    <message>
        <location filename="../../ui/settings/publish_section.py" line="132"/>
        <source>Publish to a CalDAV calendar</source>
        <translation>发布到 CalDAV 日历</translation>
    </message>
    <message>
        <location filename="../../ui/settings/publish_section.py" line="135"/>
        <source>New calendar&apos;s address</source>
        <translation>新日历的地址</translation>
    </message>
    <message>
        <location filename="../../ui/settings/publish_section.py" line="137"/>
        <source>User</source>
        <translation>用户名</translation>
    </message>
    <message>
        <location filename="../../ui/settings/publish_section.py" line="140"/>
        <source>Password</source>
        <translation>密码</translation>
    </message>
</context>
<context>
    <name>CaldavForm</name>
    <message>
        <location filename="../../ui/calendar/sources.py" line="55"/>
        <source>Add a CalDAV account</source>
        <translation>添加 CalDAV 账户</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="62"/>
        <source>optional</source>
        <translation>可选</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="64"/>
        <source>Server address</source>
        <translation>服务器地址</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="65"/>
        <source>User name</source>
        <translation>用户名</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="66"/>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="67"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="68"/>
        <source>The password is kept in the system keyring, never in the Stepwise database.</source>
        <translation>密码保存在系统钥匙串中，绝不存入 Stepwise 数据库。</translation>
    </message>
</context>
<context>
    <name>CalendarPanel</name>
    <message>
        <location filename="../../ui/calendar/panel.py" line="115"/>
        <location filename="../../ui/calendar/panel.py" line="165"/>
        <source>Schedule</source>
        <translation>排程</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/panel.py" line="118"/>
        <location filename="../../ui/calendar/panel.py" line="166"/>
        <source>Place the steps that have estimates into free working time</source>
        <translation>把有预估时长的步骤安排进空闲的工作时间</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/panel.py" line="79"/>
        <location filename="../../ui/calendar/panel.py" line="110"/>
        <source>Calendar</source>
        <translation>日历</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/panel.py" line="111"/>
        <location filename="../../ui/calendar/panel.py" line="153"/>
        <source>Today</source>
        <translation>今天</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/panel.py" line="112"/>
        <location filename="../../ui/calendar/panel.py" line="158"/>
        <source>Day</source>
        <translation>日</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/panel.py" line="113"/>
        <location filename="../../ui/calendar/panel.py" line="159"/>
        <source>Week</source>
        <translation>周</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/panel.py" line="114"/>
        <location filename="../../ui/calendar/panel.py" line="164"/>
        <source>Sync now</source>
        <translation>立即同步</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/panel.py" line="116"/>
        <location filename="../../ui/calendar/panel.py" line="169"/>
        <source>Sources…</source>
        <translation>日历来源…</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/common.py" line="116"/>
        <source>dddd d MMMM yyyy</source>
        <comment>a QLocale date pattern</comment>
        <translation>yyyy年M月d日 dddd</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/common.py" line="119"/>
        <source>d MMM</source>
        <comment>a QLocale date pattern</comment>
        <translation>M月d日</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/common.py" line="121"/>
        <source>d MMM yyyy</source>
        <comment>a QLocale date pattern</comment>
        <translation>yyyy年M月d日</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/panel.py" line="255"/>
        <source>Previous day</source>
        <translation>前一天</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/panel.py" line="256"/>
        <source>Previous week</source>
        <translation>上一周</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/panel.py" line="257"/>
        <source>Next day</source>
        <translation>后一天</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/panel.py" line="257"/>
        <source>Next week</source>
        <translation>下一周</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/panel.py" line="269"/>
        <source>Reading the calendar</source>
        <translation>正在读取日历</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/panel.py" line="303"/>
        <source>No calendars yet: add one with Sources…</source>
        <translation>还没有日历：请通过“日历来源…”添加…</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/syncing.py" line="76"/>
        <source>…and %1 more; Sources… lists them.</source>
        <translation>……另有 %1 个；“日历来源…”中列出了全部。</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/syncing.py" line="83"/>
        <source>never synced before</source>
        <translation>从未同步过</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/syncing.py" line="85"/>
        <source>showing its events from %1</source>
        <translation>显示的是 %1 同步的事件</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/syncing.py" line="87"/>
        <source>%1 could not be synced (%2): %3</source>
        <translation>%1 无法同步（%2）：%3</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/panel.py" line="368"/>
        <source>Syncing calendars…</source>
        <translation>正在同步日历…</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/panel.py" line="370"/>
        <source>Syncing calendars</source>
        <translation>同步日历</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/syncing.py" line="59"/>
        <source>No calendars to sync: add one with Sources…</source>
        <translation>没有可同步的日历：请通过“日历来源…”添加…</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/syncing.py" line="62"/>
        <source>Synced %1 calendars at %2 (%3 events).</source>
        <translation>已于 %2 同步 %1 个日历（%3 个事件）。</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/syncing.py" line="65"/>
        <source>Synced %1 of %2 calendars at %3; the others keep their last good events.</source>
        <translation>已于 %3 同步 %2 个日历中的 %1 个；其余日历保留上次成功同步的事件。</translation>
    </message>
</context>
<context>
    <name>CalendarSync</name>
    <message>
        <location filename="../../ui/calendar/source_sync.py" line="34"/>
        <location filename="../../ui/calendar/source_sync.py" line="39"/>
        <source>Syncing calendars</source>
        <translation>正在同步日历</translation>
    </message>
</context>
<context>
    <name>CommandPalette</name>
    <message>
        <location filename="../../ui/style/palette.py" line="13"/>
        <source>Commands</source>
        <translation>命令</translation>
    </message>
    <message>
        <location filename="../../ui/style/palette.py" line="17"/>
        <source>Type a command…</source>
        <translation>输入命令…</translation>
    </message>
</context>
<context>
    <name>ConflictsDialog</name>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="56"/>
        <source>Sync conflicts</source>
        <translation>同步冲突</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="59"/>
        <source>The same property was changed here and on another device. Choose the version to keep; the next sync sends it to the other devices.</source>
        <translation>同一项在本设备和另一台设备上都被改过。请选择要保留的版本；下次同步会把它发送到其他设备。</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="88"/>
        <source>Reading the sync conflicts</source>
        <translation>正在读取同步冲突</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="95"/>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="95"/>
        <source>Property</source>
        <translation>项目</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="95"/>
        <source>Mine (this device)</source>
        <translation>我的（本设备）</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="96"/>
        <source>Theirs (the other device)</source>
        <translation>对方的（另一台设备）</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="102"/>
        <source>No sync conflicts are waiting.</source>
        <translation>没有待处理的同步冲突。</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="119"/>
        <source>Refused here: %1</source>
        <translation>本设备拒绝：%1</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="124"/>
        <source>Keep mine</source>
        <translation>保留我的</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="124"/>
        <source>Take theirs</source>
        <translation>采用对方的</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="138"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="140"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="142"/>
        <source>changed %1</source>
        <translation>修改于 %1</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="144"/>
        <source>(kept now)</source>
        <translation>（当前保留）</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="150"/>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="150"/>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="151"/>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="151"/>
        <source>Tags</source>
        <translation>标签</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="152"/>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="152"/>
        <source>Due</source>
        <translation>截止</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="153"/>
        <source>Repeats</source>
        <translation>重复</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="153"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="154"/>
        <source>Parent step</source>
        <translation>上级步骤</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="154"/>
        <source>Depends on</source>
        <translation>依赖</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="155"/>
        <source>Steps added or deleted</source>
        <translation>新增或删除的步骤</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="168"/>
        <source>Settling a sync conflict</source>
        <translation>正在处理同步冲突</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="175"/>
        <source>Not settled: %1</source>
        <translation>未能处理：%1</translation>
    </message>
    <message>
        <location filename="../../ui/sync/conflicts.py" line="178"/>
        <source>Settled; the next sync sends it to the other devices.</source>
        <translation>已处理；下次同步会把它发送到其他设备。</translation>
    </message>
</context>
<context>
    <name>CrashDialog</name>
    <message>
        <location filename="../../ui/window/crash.py" line="68"/>
        <source>Stepwise closed unexpectedly last time; the details are in %1.</source>
        <translation>Stepwise 上次意外关闭；详细信息在 %1。</translation>
    </message>
    <message>
        <location filename="../../ui/window/crash.py" line="70"/>
        <source>Your tasks and plans are saved as they were. If it happens again, please include that file in a report.</source>
        <translation>你的任务和计划都按原样保存着。如果再次发生，请在报告中附上该文件。</translation>
    </message>
    <message>
        <location filename="../../ui/window/crash.py" line="81"/>
        <source>Stepwise hit a bug</source>
        <translation>Stepwise 遇到了程序错误</translation>
    </message>
    <message>
        <location filename="../../ui/window/crash.py" line="82"/>
        <source>Something went wrong while: %1. This is a bug in Stepwise, not something you did. Your data is safe.</source>
        <translation>执行以下操作时出错：%1。这是 Stepwise 的程序错误，并非您的操作所致。您的数据是安全的。</translation>
    </message>
    <message>
        <location filename="../../ui/window/crash.py" line="85"/>
        <source>The details are in %1; please include them in a report.</source>
        <translation>详细信息见 %1；报告问题时请附上这些信息。</translation>
    </message>
</context>
<context>
    <name>FirstFrame</name>
    <message>
        <location filename="../../ui/window/first_frame.py" line="143"/>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="110"/>
        <source>Import tasks</source>
        <translation>导入任务</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="115"/>
        <source>Taskwarrior JSON (task export)</source>
        <translation>Taskwarrior JSON（task export）</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="117"/>
        <source>Todoist CSV backup</source>
        <translation>Todoist CSV 备份</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="118"/>
        <source>iCalendar file with tasks (ICS)</source>
        <translation>含任务的 iCalendar 文件（ICS）</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="120"/>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="121"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="124"/>
        <source>Into this database</source>
        <translation>导入到此数据库</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="129"/>
        <source>What was read and what was skipped shows here.</source>
        <translation>读取和跳过的内容会显示在这里。</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="208"/>
        <source>%1 of %2 tasks</source>
        <translation>%1 / %2 个任务</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="138"/>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="141"/>
        <source>Cancel import</source>
        <translation>取消导入</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="166"/>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="176"/>
        <source>Choose a file to import</source>
        <translation>选择要导入的文件</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="178"/>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="186"/>
        <source>Importing…</source>
        <translation>正在导入…</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="195"/>
        <source>Importing tasks</source>
        <translation>正在导入任务</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="201"/>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="224"/>
        <source>%1 could not be read as %2: it is missing, empty, too big or not in that format.</source>
        <translation>%1 无法按 %2 读取：文件不存在、为空、太大或不是这种格式。</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="226"/>
        <source>%1 could not be imported as %2.</source>
        <translation>%1 无法按 %2 导入。</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="227"/>
        <source>Nothing was imported: %1

Details: %2</source>
        <translation>未导入任何内容：%1

详情：%2</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="235"/>
        <source>Read %1 entries from %2: added %3 tasks with %4 steps, skipped %5.</source>
        <translation>从 %2 读取了 %1 条：添加了 %3 个任务（共 %4 个步骤），跳过 %5 条。</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="238"/>
        <source>Skipped: %1</source>
        <translation>已跳过：%1</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="240"/>
        <source>Kept in the tasks&apos; details: %1 fields the other app has and Stepwise does not (%2)</source>
        <translation>保留在任务详情里：%1 个对方应用有而 Stepwise 没有的字段（%2）</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="244"/>
        <source>importing the file again skips those</source>
        <translation>再次导入该文件会跳过这些任务</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="245"/>
        <source>this format carries no task IDs, so importing the file again adds those twice</source>
        <translation>此格式不带任务 ID，再次导入该文件会重复添加这些任务</translation>
    </message>
    <message>
        <location filename="../../ui/window/import_dialog.py" line="247"/>
        <source>Imported %1 of %2 tasks before it was cancelled; %3.</source>
        <translation>取消前已导入 %2 个任务中的 %1 个；%3。</translation>
    </message>
</context>
<context>
    <name>InlineRename</name>
    <message>
        <location filename="../../ui/plan/inline_rename.py" line="23"/>
        <source>Step title</source>
        <translation>步骤标题</translation>
    </message>
</context>
<context>
    <name>JournalWords</name>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="28"/>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="29"/>
        <source>Assistant</source>
        <translation>助理</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="30"/>
        <source>Sync</source>
        <translation>同步</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="33"/>
        <source>Added</source>
        <translation>添加</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="34"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="35"/>
        <source>Edited</source>
        <translation>修改</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="36"/>
        <source>Looked at it</source>
        <translation>查看</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="37"/>
        <source>Plan</source>
        <translation>计划</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="38"/>
        <source>Tried again</source>
        <translation>重试</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="39"/>
        <source>Skipped</source>
        <translation>跳过</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="40"/>
        <source>Calendar</source>
        <translation>日历</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="41"/>
        <source>Scheduled</source>
        <translation>排程</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="42"/>
        <source>Repeat</source>
        <translation>重复</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="43"/>
        <source>Sync conflict</source>
        <translation>同步冲突</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="44"/>
        <source>Imported</source>
        <translation>导入</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="45"/>
        <source>Looked at a failure</source>
        <translation>查看失败原因</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="48"/>
        <source>reading the reply</source>
        <translation>正在读取回复</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="49"/>
        <source>used</source>
        <translation>已采用</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="50"/>
        <source>could not be used</source>
        <translation>无法采用</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="51"/>
        <source>too long, refused</source>
        <translation>太长，已拒收</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="52"/>
        <source>the built-in planner&apos;s used instead</source>
        <translation>改用了内置规划器的结果</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="53"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="90"/>
        <source>Added by you</source>
        <translation>由你添加</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="91"/>
        <source>Added by %1</source>
        <translation>由%1添加</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="95"/>
        <source>by you</source>
        <translation>由你制定</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="96"/>
        <source>by the assistant</source>
        <translation>由助理制定</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="98"/>
        <source>Plan version %1 with 1 step, %2</source>
        <translation>计划第 %1 版，1 个步骤，%2</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="100"/>
        <source>Plan version %1 with %2 steps, %3</source>
        <translation>计划第 %1 版，%2 个步骤，%3</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="105"/>
        <source>Looked at it with the built-in planner</source>
        <translation>用内置规划器查看了这个任务</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="120"/>
        <source>the built-in planner</source>
        <translation>内置规划器</translation>
    </message>
    <message>
        <location filename="../../ui/assistant/journal_words.py" line="132"/>
        <source>failed: %1</source>
        <translation>失败：%1</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../ui/window/main.py" line="468"/>
        <source>Schedule the steps</source>
        <translation>为步骤排程</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="101"/>
        <source>Graph</source>
        <translation>图</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="102"/>
        <source>Outline</source>
        <translation>大纲</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="368"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="369"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="370"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="371"/>
        <source>&amp;Plan</source>
        <translation>计划(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="372"/>
        <source>&amp;Assistant</source>
        <translation>助理(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="411"/>
        <source>New task</source>
        <translation>新建任务</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="413"/>
        <source>Settings…</source>
        <translation>设置…</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="415"/>
        <source>Import…</source>
        <translation>导入…</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="417"/>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="431"/>
        <source>Edit task</source>
        <translation>编辑任务</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="433"/>
        <source>Delete task</source>
        <translation>删除任务</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="434"/>
        <source>Find</source>
        <translation>查找</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="436"/>
        <source>Command palette</source>
        <translation>命令面板</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="438"/>
        <source>Sync conflicts…</source>
        <translation>同步冲突…</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="464"/>
        <source>Run the assistant</source>
        <translation>运行助理</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="466"/>
        <source>Stop the assistant</source>
        <translation>停止助理</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="470"/>
        <source>Pause the assistant</source>
        <translation>暂停助理</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="475"/>
        <source>Calendar</source>
        <translation>日历</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="476"/>
        <source>Reminders</source>
        <translation>提醒</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="477"/>
        <source>Assistant</source>
        <translation>助理</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="450"/>
        <source>Go to the task list</source>
        <translation>转到任务列表</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="452"/>
        <source>Go to the plan</source>
        <translation>转到计划</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="454"/>
        <source>Approve the plan</source>
        <translation>批准计划</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="456"/>
        <source>Pause the plan</source>
        <translation>暂停计划</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="458"/>
        <source>Resume the plan</source>
        <translation>继续计划</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="460"/>
        <source>Add step</source>
        <translation>添加步骤</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="481"/>
        <source>Undone: %1</source>
        <translation>已撤销：%1</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="482"/>
        <source>Redone: %1</source>
        <translation>已重做：%1</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="176"/>
        <source>Reminder: %1</source>
        <translation>提醒：%1</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="212"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="222"/>
        <source>working…</source>
        <translation>处理中…</translation>
    </message>
    <message>
        <location filename="../../ui/window/main.py" line="493"/>
        <source>Pausing the assistant</source>
        <translation>暂停助理</translation>
    </message>
</context>
<context>
    <name>ModelTestRow</name>
    <message>
        <location filename="../../ui/settings/model_test.py" line="48"/>
        <location filename="../../ui/settings/model_test.py" line="137"/>
        <source>Test model</source>
        <translation>测试模型</translation>
    </message>
    <message>
        <location filename="../../ui/settings/model_test.py" line="50"/>
        <source>One short call per stage: what the model can do, and how fast</source>
        <translation>每个阶段做一次简短调用：看看模型能做什么、有多快</translation>
    </message>
    <message>
        <location filename="../../ui/settings/model_test.py" line="76"/>
        <source>review</source>
        <translation>审阅</translation>
    </message>
    <message>
        <location filename="../../ui/settings/model_test.py" line="76"/>
        <source>plan</source>
        <translation>计划</translation>
    </message>
    <message>
        <location filename="../../ui/settings/model_test.py" line="76"/>
        <source>check</source>
        <translation>检查</translation>
    </message>
    <message>
        <location filename="../../ui/settings/model_test.py" line="83"/>
        <source>Structured output: %1.</source>
        <translation>结构化输出：%1。</translation>
    </message>
    <message>
        <location filename="../../ui/settings/model_test.py" line="87"/>
        <source>The %1 reply is usable (%2).</source>
        <translation>%1阶段的回复可用（%2）。</translation>
    </message>
    <message>
        <location filename="../../ui/settings/model_test.py" line="91"/>
        <source>The %1 reply would not be used: %2 (%3).</source>
        <translation>%1阶段的回复不会被采用：%2（%3）。</translation>
    </message>
    <message>
        <location filename="../../ui/settings/model_test.py" line="93"/>
        <source>The assistant can work with this model.</source>
        <translation>助手可以使用这个模型。</translation>
    </message>
    <message>
        <location filename="../../ui/settings/model_test.py" line="94"/>
        <source>The assistant may not get usable plans from this model: try a larger one.</source>
        <translation>助手可能无法从这个模型得到可用的计划：请试试更大的模型。</translation>
    </message>
    <message>
        <location filename="../../ui/settings/model_test.py" line="108"/>
        <source>Cancel test</source>
        <translation>取消测试</translation>
    </message>
    <message>
        <location filename="../../ui/settings/model_test.py" line="110"/>
        <source>Connecting to the server…</source>
        <translation>正在连接服务器…</translation>
    </message>
    <message>
        <location filename="../../ui/settings/model_test.py" line="112"/>
        <source>Testing the model</source>
        <translation>正在测试模型</translation>
    </message>
    <message>
        <location filename="../../ui/settings/model_test.py" line="120"/>
        <source>The test was cancelled.</source>
        <translation>测试已取消。</translation>
    </message>
    <message>
        <location filename="../../ui/settings/model_test.py" line="123"/>
        <source>Trying the %1 stage…</source>
        <translation>正在尝试%1阶段…</translation>
    </message>
</context>
<context>
    <name>PlanEditor</name>
    <message>
        <location filename="../../ui/plan/edits.py" line="186"/>
        <source>Saving the plan</source>
        <translation>保存计划</translation>
    </message>
    <message>
        <location filename="../../ui/plan/edits.py" line="202"/>
        <source>Plan saved as revision %1</source>
        <translation>计划已保存为版本 %1</translation>
    </message>
</context>
<context>
    <name>PlanEdits</name>
    <message>
        <location filename="../../ui/plan/edits.py" line="49"/>
        <source>Not changed: steps would wait for each other in a loop</source>
        <translation>未更改：步骤之间会形成循环等待</translation>
    </message>
    <message>
        <location filename="../../ui/plan/edits.py" line="50"/>
        <source>Not changed: steps nest at most 4 levels deep</source>
        <translation>未更改：步骤最多嵌套 4 层</translation>
    </message>
    <message>
        <location filename="../../ui/plan/edits.py" line="51"/>
        <source>Not changed: the plan was changed elsewhere meanwhile; the latest plan is shown now</source>
        <translation>未更改：计划已在别处被修改；现在显示的是最新计划</translation>
    </message>
    <message>
        <location filename="../../ui/plan/edits.py" line="53"/>
        <source>Not changed: a step cannot wait for itself</source>
        <translation>未更改：步骤不能等待自己</translation>
    </message>
    <message>
        <location filename="../../ui/plan/edits.py" line="54"/>
        <source>Nothing to change</source>
        <translation>没有需要更改的内容</translation>
    </message>
    <message>
        <location filename="../../ui/plan/edits.py" line="55"/>
        <source>Not changed: a step cannot go inside its own sub-steps</source>
        <translation>未更改：步骤不能放入自己的子步骤中</translation>
    </message>
    <message>
        <location filename="../../ui/plan/edits.py" line="57"/>
        <source>Not changed: move or delete its sub-steps first</source>
        <translation>未更改：请先移动或删除它的子步骤</translation>
    </message>
    <message>
        <location filename="../../ui/plan/edits.py" line="58"/>
        <source>Not changed: a plan needs at least one step</source>
        <translation>未更改：计划至少需要一个步骤</translation>
    </message>
    <message>
        <location filename="../../ui/plan/edits.py" line="59"/>
        <source>Not changed: that step is no longer in the plan</source>
        <translation>未更改：该步骤已不在计划中</translation>
    </message>
    <message>
        <location filename="../../ui/plan/edits.py" line="60"/>
        <source>Not changed: the task no longer exists</source>
        <translation>未更改：该任务已不存在</translation>
    </message>
    <message>
        <location filename="../../ui/plan/edits.py" line="62"/>
        <source>Not changed: the plan rules do not allow this</source>
        <translation>未更改：计划规则不允许这样做</translation>
    </message>
    <message>
        <location filename="../../ui/plan/edits.py" line="67"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location filename="../../ui/plan/edits.py" line="81"/>
        <source>%1 in “%2”</source>
        <translation>%1（“%2”）</translation>
    </message>
</context>
<context>
    <name>PlanFeed</name>
    <message>
        <location filename="../../ui/plan/edits.py" line="257"/>
        <source>Reading the plan</source>
        <translation>读取计划</translation>
    </message>
    <message>
        <location filename="../../ui/plan/edits.py" line="279"/>
        <source>Saving node positions</source>
        <translation>保存节点位置</translation>
    </message>
</context>
<context>
    <name>PlanGraph</name>
    <message>
        <location filename="../../ui/plan/items.py" line="276"/>
        <source>Drag onto another step to make it wait for this one</source>
        <translation>拖到另一个步骤上，使其等待此步骤</translation>
    </message>
</context>
<context>
    <name>PlanOutline</name>
    <message>
        <location filename="../../ui/plan/outline.py" line="129"/>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <location filename="../../ui/plan/outline.py" line="129"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../ui/plan/outline.py" line="130"/>
        <source>Plan outline</source>
        <translation>计划大纲</translation>
    </message>
    <message>
        <location filename="../../ui/plan/outline.py" line="138"/>
        <location filename="../../ui/plan/outline.py" line="152"/>
        <source>No task selected</source>
        <translation>未选择任务</translation>
    </message>
    <message>
        <location filename="../../ui/plan/outline.py" line="140"/>
        <location filename="../../ui/plan/outline.py" line="171"/>
        <source>No plan yet</source>
        <translation>尚无计划</translation>
    </message>
</context>
<context>
    <name>PlanScene</name>
    <message>
        <location filename="../../ui/plan/nodes.py" line="35"/>
        <source>%1 steps inside</source>
        <translation>内含 %1 个步骤</translation>
    </message>
    <message>
        <location filename="../../ui/plan/nodes.py" line="40"/>
        <source>%1 · due %2</source>
        <translation>%1 · %2 截止</translation>
    </message>
</context>
<context>
    <name>PlanToolbar</name>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="147"/>
        <source>Schedule</source>
        <translation>排程</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="148"/>
        <source>Place every step that has an estimate into free working time (see the calendar)</source>
        <translation>把所有有预估时长的步骤安排进空闲的工作时间（见日历）</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="136"/>
        <source>Approve</source>
        <translation>批准</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="137"/>
        <source>Approve the plan so its steps can run</source>
        <translation>批准计划，以便执行其中的步骤</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="138"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="139"/>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="140"/>
        <source>Abort…</source>
        <translation>中止…</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="141"/>
        <source>Stop the plan for good; open steps are skipped</source>
        <translation>永久停止计划；未完成的步骤将被跳过</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="142"/>
        <source>Approve all</source>
        <translation>全部批准</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="143"/>
        <source>Approve every plan that waits for your approval, of every task</source>
        <translation>批准所有任务中等待你批准的计划</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="145"/>
        <source>Revisions…</source>
        <translation>历史版本…</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="146"/>
        <source>Compare two revisions of this plan</source>
        <translation>比较此计划的两个版本</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="180"/>
        <source>No task selected</source>
        <translation>未选择任务</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="182"/>
        <source>No plan yet</source>
        <translation>尚无计划</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="184"/>
        <source>%1 · revision %2</source>
        <translation>%1 · 版本 %2</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="184"/>
        <source>Plan</source>
        <translation>计划</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="196"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="197"/>
        <source>Stop the assistant now; nothing half-done is saved</source>
        <translation>立即停止助理；未完成的工作不会保存</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="199"/>
        <source>Generate plan</source>
        <translation>生成计划</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="200"/>
        <source>Regenerate</source>
        <translation>重新生成</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="201"/>
        <source>Let the assistant write a new plan for this task</source>
        <translation>让助理为此任务编写新计划</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="228"/>
        <source>Writing the plan…</source>
        <translation>正在编写计划…</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="250"/>
        <source>Writing the plan: %1 steps so far — %2</source>
        <translation>正在编写计划：目前已有 %1 个步骤——%2</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="267"/>
        <source>Abort the plan?</source>
        <translation>中止计划？</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="268"/>
        <source>The plan stops for good and every open step is skipped. A new plan can be generated afterwards.</source>
        <translation>计划将永久停止，所有未完成的步骤都会被跳过。之后可以重新生成计划。</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="273"/>
        <source>Plan of task %1: %2</source>
        <translation>任务 %1 的计划：%2</translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="289"/>
        <source>Approving every waiting plan</source>
        <translation>正在批准所有等待中的计划</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/plan/toolbar.py" line="295"/>
        <source>Approved %n plan(s)</source>
        <translation>
            <numerusform>已批准 %n 个计划</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/plan/toolbar.py" line="297"/>
        <source>No plan was waiting for approval</source>
        <translation>没有等待批准的计划</translation>
    </message>
</context>
<context>
    <name>PlanView</name>
    <message>
        <location filename="../../ui/plan/view.py" line="65"/>
        <location filename="../../ui/plan/view.py" line="210"/>
        <source>Plan graph</source>
        <translation>计划图</translation>
    </message>
    <message>
        <location filename="../../ui/plan/view.py" line="170"/>
        <source>Select a task, or add one above</source>
        <translation>请选择一个任务，或在上方添加任务</translation>
    </message>
    <message>
        <location filename="../../ui/plan/view.py" line="250"/>
        <source>No plan yet. Add a step, or let the assistant plan this task.</source>
        <translation>尚无计划。请添加步骤，或让助理为此任务制定计划。</translation>
    </message>
    <message>
        <location filename="../../ui/plan/view.py" line="278"/>
        <source>The assistant is writing this plan…</source>
        <translation>助理正在编写此计划…</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_edits.py" line="59"/>
        <source>The plan cannot be edited while the assistant writes it.</source>
        <translation>助理编写计划期间无法编辑。</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_edits.py" line="70"/>
        <location filename="../../ui/plan/graph_edits.py" line="128"/>
        <location filename="../../ui/plan/graph_toolbar.py" line="32"/>
        <source>Add step</source>
        <translation>添加步骤</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_toolbar.py" line="26"/>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_toolbar.py" line="27"/>
        <source>Zoom in (Ctrl+wheel, Ctrl+=)</source>
        <translation>放大（Ctrl+滚轮，Ctrl+=）</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_toolbar.py" line="28"/>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_toolbar.py" line="29"/>
        <source>Zoom out (Ctrl+wheel, Ctrl+-)</source>
        <translation>缩小（Ctrl+滚轮，Ctrl+-）</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_toolbar.py" line="30"/>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_toolbar.py" line="30"/>
        <source>Show the whole plan, or its start when it is too big to read (F)</source>
        <translation>显示整个计划；计划太大看不清时显示其开头（F）</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_toolbar.py" line="33"/>
        <source>Add a step after the selected one</source>
        <translation>在所选步骤之后添加步骤</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_toolbar.py" line="34"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_toolbar.py" line="35"/>
        <source>Delete the selected step or arrow (Delete)</source>
        <translation>删除所选步骤或箭头（Delete）</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_toolbar.py" line="36"/>
        <source>Fold all</source>
        <translation>全部折叠</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_toolbar.py" line="37"/>
        <source>Fold every group of steps</source>
        <translation>折叠所有步骤组</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_toolbar.py" line="38"/>
        <source>Unfold all</source>
        <translation>全部展开</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_toolbar.py" line="39"/>
        <source>Unfold every group of steps</source>
        <translation>展开所有步骤组</translation>
    </message>
    <message>
        <location filename="../../ui/plan/edits.py" line="326"/>
        <location filename="../../ui/plan/graph_edits.py" line="71"/>
        <source>New step</source>
        <translation>新步骤</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_edits.py" line="77"/>
        <source>Delete step</source>
        <translation>删除步骤</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_edits.py" line="78"/>
        <source>Delete %1 steps</source>
        <translation>删除 %1 个步骤</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_edits.py" line="83"/>
        <location filename="../../ui/plan/graph_edits.py" line="124"/>
        <source>Remove dependency</source>
        <translation>移除依赖</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_edits.py" line="88"/>
        <source>Add dependency</source>
        <translation>添加依赖</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_edits.py" line="102"/>
        <source>Make sub-step</source>
        <translation>设为子步骤</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_edits.py" line="129"/>
        <source>Show the whole plan</source>
        <translation>显示整个计划</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_edits.py" line="135"/>
        <source>Add step after it</source>
        <translation>在其后添加步骤</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_edits.py" line="137"/>
        <source>Move out of its group</source>
        <translation>移出所在分组</translation>
    </message>
    <message>
        <location filename="../../ui/plan/graph_edits.py" line="138"/>
        <source>Move out of group</source>
        <translation>移出分组</translation>
    </message>
    <message>
        <location filename="../../ui/plan/node_moves.py" line="20"/>
        <source>Move “%1”</source>
        <translation>移动“%1”</translation>
    </message>
</context>
<context>
    <name>PlanningPage</name>
    <message>
        <location filename="../../ui/settings/planning_page.py" line="54"/>
        <source>Working days</source>
        <translation>工作日</translation>
    </message>
    <message>
        <location filename="../../ui/settings/planning_page.py" line="58"/>
        <source>As the language has it</source>
        <translation>按界面语言</translation>
    </message>
    <message>
        <location filename="../../ui/settings/planning_page.py" line="58"/>
        <source>Monday</source>
        <translation>周一</translation>
    </message>
    <message>
        <location filename="../../ui/settings/planning_page.py" line="59"/>
        <source>Sunday</source>
        <translation>周日</translation>
    </message>
    <message>
        <location filename="../../ui/settings/planning_page.py" line="59"/>
        <source>Saturday</source>
        <translation>周六</translation>
    </message>
    <message>
        <location filename="../../ui/settings/planning_page.py" line="60"/>
        <source>Week starts on</source>
        <translation>每周开始于</translation>
    </message>
    <message>
        <location filename="../../ui/settings/planning_page.py" line="69"/>
        <source>Working hours</source>
        <translation>工作时间</translation>
    </message>
    <message>
        <location filename="../../ui/settings/planning_page.py" line="72"/>
        <location filename="../../ui/settings/planning_page.py" line="79"/>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <location filename="../../ui/settings/planning_page.py" line="73"/>
        <source>Remind me before a due time</source>
        <translation>截止前提醒我</translation>
    </message>
    <message>
        <location filename="../../ui/settings/planning_page.py" line="75"/>
        <source>All-day reminders at</source>
        <translation>全天提醒时间</translation>
    </message>
    <message>
        <location filename="../../ui/settings/planning_page.py" line="80"/>
        <source>No limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <location filename="../../ui/settings/planning_page.py" line="81"/>
        <source>Schedule and the calendar say when a day holds more planned work than this</source>
        <translation>某天排入的工作超过这个时长时，排程和日历会提醒你</translation>
    </message>
    <message>
        <location filename="../../ui/settings/planning_page.py" line="83"/>
        <source>Planned work a day, at most</source>
        <translation>每天最多排入的工作</translation>
    </message>
    <message>
        <location filename="../../ui/settings/planning_page.py" line="84"/>
        <source>Remind me when a scheduled block starts</source>
        <translation>已排时间块开始时提醒我</translation>
    </message>
    <message>
        <location filename="../../ui/settings/planning_page.py" line="112"/>
        <source>Choose at least one working day.</source>
        <translation>请至少选择一个工作日。</translation>
    </message>
    <message>
        <location filename="../../ui/settings/planning_page.py" line="114"/>
        <source>The working hours must end after they start.</source>
        <translation>工作时间的结束必须晚于开始。</translation>
    </message>
</context>
<context>
    <name>PublishSection</name>
    <message>
        <location filename="../../ui/settings/publish_section.py" line="38"/>
        <source>Publishing</source>
        <translation>发布</translation>
    </message>
    <message>
        <location filename="../../ui/settings/publish_section.py" line="40"/>
        <source>Show your scheduled blocks in the calendar app you already use: an .ics file it subscribes to, or a calendar of Stepwise&apos;s own on your CalDAV server.</source>
        <translation>在你常用的日历应用里显示已排的时间块：一个供它订阅的 .ics 文件，或你的 CalDAV 服务器上 Stepwise 自己的日历。</translation>
    </message>
    <message>
        <location filename="../../ui/settings/publish_section.py" line="50"/>
        <source>Add file…</source>
        <translation>添加文件…</translation>
    </message>
    <message>
        <location filename="../../ui/settings/publish_section.py" line="51"/>
        <source>Add CalDAV calendar…</source>
        <translation>添加 CalDAV 日历…</translation>
    </message>
    <message>
        <location filename="../../ui/settings/publish_section.py" line="52"/>
        <source>Stop publishing</source>
        <translation>停止发布</translation>
    </message>
    <message>
        <location filename="../../ui/settings/publish_section.py" line="67"/>
        <source>Reading where the schedule is published</source>
        <translation>正在读取日程发布的位置</translation>
    </message>
    <message>
        <location filename="../../ui/settings/publish_section.py" line="81"/>
        <source>%1 — not written: %2</source>
        <translation>%1 — 未写入：%2</translation>
    </message>
    <message>
        <location filename="../../ui/settings/publish_section.py" line="85"/>
        <source>%1 — 1 event, written %2</source>
        <translation>%1 — 1 个日程，写入于 %2</translation>
    </message>
    <message>
        <location filename="../../ui/settings/publish_section.py" line="86"/>
        <source>%1 — %2 events, written %3</source>
        <translation>%1 — %2 个日程，写入于 %3</translation>
    </message>
    <message>
        <location filename="../../ui/settings/publish_section.py" line="102"/>
        <source>Publish the schedule to a file</source>
        <translation>把日程发布到文件</translation>
    </message>
    <message>
        <location filename="../../ui/settings/publish_section.py" line="103"/>
        <source>iCalendar files (*.ics)</source>
        <translation>iCalendar 文件 (*.ics)</translation>
    </message>
    <message>
        <location filename="../../ui/settings/publish_section.py" line="106"/>
        <location filename="../../ui/settings/publish_section.py" line="116"/>
        <source>Publishing the schedule</source>
        <translation>正在发布日程</translation>
    </message>
    <message>
        <location filename="../../ui/settings/publish_section.py" line="124"/>
        <source>Stopping publishing</source>
        <translation>正在停止发布</translation>
    </message>
</context>
<context>
    <name>QuickAddBar</name>
    <message>
        <location filename="../../ui/tasks/quick_add.py" line="50"/>
        <source>due %1</source>
        <translation>截止 %1</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/quick_add.py" line="63"/>
        <source>repeats %1</source>
        <translation>重复 %1</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/quick_add.py" line="98"/>
        <source>Add a task — e.g. Pay rent on the 5th of every month #home !2</source>
        <translation>添加任务——例如：每月5号交房租 #home !2</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/quick_add.py" line="99"/>
        <source>New task title</source>
        <translation>新任务标题</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/quick_add.py" line="100"/>
        <source>due — e.g. next friday, 明天下午三点</source>
        <translation>截止时间——例如：下周五、明天下午三点</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/quick_add.py" line="101"/>
        <source>Due time in words</source>
        <translation>用文字描述的截止时间</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/quick_add.py" line="102"/>
        <source>What the new task was read as</source>
        <translation>新任务被理解为</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/quick_add.py" line="103"/>
        <location filename="../../ui/window/selftest.py" line="85"/>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/quick_add.py" line="144"/>
        <source>Reading the due time</source>
        <translation>正在解读截止时间</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/quick_add.py" line="151"/>
        <location filename="../../ui/tasks/quick_add.py" line="173"/>
        <source>not a time I can read</source>
        <translation>无法识别的时间</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/quick_add.py" line="165"/>
        <source>a task needs a title</source>
        <translation>任务需要标题</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/quick_add.py" line="168"/>
        <source>Adding a task</source>
        <translation>添加任务</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/quick_add.py" line="180"/>
        <source>Task added</source>
        <translation>已添加任务</translation>
    </message>
</context>
<context>
    <name>ReminderCenter</name>
    <message>
        <location filename="../../ui/window/reminders.py" line="71"/>
        <source>Checking reminders</source>
        <translation>正在检查提醒</translation>
    </message>
    <message>
        <location filename="../../ui/window/reminders.py" line="84"/>
        <source>Reminder</source>
        <translation>提醒</translation>
    </message>
</context>
<context>
    <name>ReminderDock</name>
    <message>
        <location filename="../../ui/window/reminders.py" line="42"/>
        <source>Start: %1</source>
        <translation>开始：%1</translation>
    </message>
    <message>
        <location filename="../../ui/window/reminders.py" line="44"/>
        <source>Due %2: %1</source>
        <translation>%2 截止：%1</translation>
    </message>
    <message>
        <location filename="../../ui/window/reminders.py" line="46"/>
        <source>Step due %2: %1 (%3)</source>
        <translation>步骤 %2 截止：%1（%3）</translation>
    </message>
    <message>
        <location filename="../../ui/window/reminders.py" line="131"/>
        <source>Reminders</source>
        <translation>提醒</translation>
    </message>
    <message>
        <location filename="../../ui/window/reminders.py" line="132"/>
        <source>Reminders waiting for you</source>
        <translation>等待您处理的提醒</translation>
    </message>
    <message>
        <location filename="../../ui/window/reminders.py" line="133"/>
        <source>No reminders waiting.</source>
        <translation>没有待处理的提醒。</translation>
    </message>
    <message>
        <location filename="../../ui/window/reminders.py" line="134"/>
        <source>Coming up</source>
        <translation>即将到来</translation>
    </message>
    <message>
        <location filename="../../ui/window/reminders.py" line="135"/>
        <source>Reminders still to come</source>
        <translation>尚未到时的提醒</translation>
    </message>
    <message>
        <location filename="../../ui/window/reminders.py" line="136"/>
        <source>Snooze 5 min</source>
        <translation>稍后 5 分钟</translation>
    </message>
    <message>
        <location filename="../../ui/window/reminders.py" line="137"/>
        <source>Snooze 1 hour</source>
        <translation>稍后 1 小时</translation>
    </message>
    <message>
        <location filename="../../ui/window/reminders.py" line="138"/>
        <source>Tomorrow</source>
        <translation>明天</translation>
    </message>
    <message>
        <location filename="../../ui/window/reminders.py" line="139"/>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location filename="../../ui/window/reminders.py" line="195"/>
        <source>Nothing scheduled</source>
        <translation>没有安排的提醒</translation>
    </message>
    <message>
        <location filename="../../ui/window/reminders.py" line="244"/>
        <source>%1; and %2 more</source>
        <translation>%1；还有 %2 条</translation>
    </message>
    <message>
        <location filename="../../ui/window/reminders.py" line="246"/>
        <source>%1 reminders: %2</source>
        <translation>%1 条提醒：%2</translation>
    </message>
</context>
<context>
    <name>Repeats</name>
    <message>
        <location filename="../../ui/words/repeats.py" line="23"/>
        <source>Does not repeat</source>
        <translation>不重复</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="24"/>
        <source>Every day</source>
        <translation>每天</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="25"/>
        <source>Every weekday</source>
        <translation>每个工作日</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="26"/>
        <source>Every week</source>
        <translation>每周</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="27"/>
        <source>Every month</source>
        <translation>每月</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="28"/>
        <source>Every year</source>
        <translation>每年</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="29"/>
        <source>In my own words…</source>
        <translation>用我自己的话说…</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="52"/>
        <source>on a schedule of its own</source>
        <translation>按自定的规律</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="58"/>
        <source>every day</source>
        <translation>每天</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="59"/>
        <source>every %1 days</source>
        <translation>每%1天</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="68"/>
        <source>every weekday</source>
        <translation>每个工作日</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="70"/>
        <source>every week</source>
        <translation>每周</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="71"/>
        <source>every %1 weeks</source>
        <translation>每%1周</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="74"/>
        <source>every %1</source>
        <translation>每周%1</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="76"/>
        <source>every other %1</source>
        <translation>每两周的%1</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="77"/>
        <source>every %1 weeks on %2</source>
        <translation>每%1周的%2</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="85"/>
        <source>every month</source>
        <translation>每月</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="86"/>
        <source>every %1 months</source>
        <translation>每%1个月</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="88"/>
        <source>on the last day of every month</source>
        <translation>每月最后一天</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="92"/>
        <source>every month on the %1</source>
        <translation>每月%1</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="93"/>
        <source>every %1 months on the %2</source>
        <translation>每%1个月的%2</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="101"/>
        <source>every year</source>
        <translation>每年</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="102"/>
        <source>every %1 years</source>
        <translation>每%1年</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="105"/>
        <source>every year on %1</source>
        <translation>每年%1</translation>
    </message>
    <message>
        <location filename="../../ui/words/repeats.py" line="128"/>
        <source>%1 and %2</source>
        <translation>%1、%2</translation>
    </message>
</context>
<context>
    <name>RevisionDiffDialog</name>
    <message>
        <location filename="../../ui/plan/revision_diff.py" line="68"/>
        <source>Plan revisions of task %1</source>
        <translation>任务 %1 的计划版本</translation>
    </message>
    <message>
        <location filename="../../ui/plan/revision_diff.py" line="73"/>
        <source>Reading the revisions…</source>
        <translation>正在读取版本…</translation>
    </message>
    <message>
        <location filename="../../ui/plan/revision_diff.py" line="77"/>
        <source>Reading plan revisions</source>
        <translation>读取计划版本</translation>
    </message>
    <message>
        <location filename="../../ui/plan/revision_diff.py" line="84"/>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <location filename="../../ui/plan/revision_diff.py" line="84"/>
        <source>Change</source>
        <translation>更改</translation>
    </message>
    <message>
        <location filename="../../ui/plan/revision_diff.py" line="84"/>
        <source>Before</source>
        <translation>修改前</translation>
    </message>
    <message>
        <location filename="../../ui/plan/revision_diff.py" line="85"/>
        <source>After</source>
        <translation>修改后</translation>
    </message>
    <message>
        <location filename="../../ui/plan/revision_diff.py" line="98"/>
        <source>Compare revision</source>
        <translation>比较版本</translation>
    </message>
    <message>
        <location filename="../../ui/plan/revision_diff.py" line="100"/>
        <source>with revision</source>
        <translation>与版本</translation>
    </message>
    <message>
        <location filename="../../ui/plan/revision_diff.py" line="117"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location filename="../../ui/plan/revision_diff.py" line="121"/>
        <source>This plan has only one revision: nothing to compare.</source>
        <translation>此计划只有一个版本，无可比较。</translation>
    </message>
    <message>
        <location filename="../../ui/plan/revision_diff.py" line="141"/>
        <source>Comparing…</source>
        <translation>正在比较…</translation>
    </message>
    <message>
        <location filename="../../ui/plan/revision_diff.py" line="143"/>
        <source>Comparing plan revisions</source>
        <translation>比较计划版本</translation>
    </message>
    <message>
        <location filename="../../ui/plan/revision_diff.py" line="154"/>
        <source>The plan itself</source>
        <translation>计划本身</translation>
    </message>
    <message>
        <location filename="../../ui/plan/revision_diff.py" line="165"/>
        <source>Revisions %1 and %2 are the same.</source>
        <translation>版本 %1 与版本 %2 相同。</translation>
    </message>
    <message>
        <location filename="../../ui/plan/revision_diff.py" line="167"/>
        <source>From revision %1 to %2: %3 added, %4 removed, %5 changed.</source>
        <translation>从版本 %1 到版本 %2：新增 %3 个，删除 %4 个，修改 %5 个。</translation>
    </message>
</context>
<context>
    <name>Scheduling</name>
    <message>
        <location filename="../../ui/calendar/scheduling.py" line="35"/>
        <source>Scheduling</source>
        <translation>正在排期</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/scheduling.py" line="43"/>
        <source>Scheduled %1 blocks.</source>
        <translation>已排入 %1 个时间块。</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/scheduling.py" line="47"/>
        <source>Scheduled %1 blocks; %2 steps do not fit. %3</source>
        <translation>已排入 %1 个时间块；%2 个步骤排不下。%3</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/scheduling.py" line="77"/>
        <source>Keeping the schedule current</source>
        <translation>正在更新排期</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/scheduling.py" line="109"/>
        <source>Publishing the schedule</source>
        <translation>正在发布日程</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/scheduling.py" line="130"/>
        <source>Move “%1”</source>
        <translation>移动“%1”</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/scheduling.py" line="135"/>
        <source>Moving</source>
        <translation>正在移动</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/scheduling.py" line="141"/>
        <source>Moving back</source>
        <translation>正在移回</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/scheduling.py" line="149"/>
        <source>Resize “%1”</source>
        <translation>调整“%1”的时长</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/scheduling.py" line="154"/>
        <source>Resizing</source>
        <translation>正在调整时长</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/scheduling.py" line="158"/>
        <source>Resizing back</source>
        <translation>正在恢复时长</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../ui/settings/fields.py" line="43"/>
        <source>Enter the model server&apos;s address, e.g. %1</source>
        <translation>请输入模型服务器的地址，例如 %1</translation>
    </message>
    <message>
        <location filename="../../ui/settings/fields.py" line="51"/>
        <source>This is not a web address: it starts with http:// or https:// and names a server, e.g. %1</source>
        <translation>这不是有效的网址：网址应以 http:// 或 https:// 开头并包含服务器名，例如 %1</translation>
    </message>
    <message>
        <location filename="../../ui/settings/fields.py" line="135"/>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <location filename="../../ui/settings/fields.py" line="136"/>
        <source>How long one answer from the model may take; a slow model on a small computer needs more</source>
        <translation>模型一次回答最多可用的时间；小电脑上的慢模型需要更长</translation>
    </message>
    <message>
        <location filename="../../ui/settings/fields.py" line="138"/>
        <source>Time limit</source>
        <translation>时间限制</translation>
    </message>
    <message>
        <location filename="../../ui/settings/fields.py" line="141"/>
        <source>The longest answer the model may write</source>
        <translation>模型一次回答最多可写的长度</translation>
    </message>
    <message>
        <location filename="../../ui/settings/fields.py" line="142"/>
        <source>Tokens per reply, at most</source>
        <translation>每次回复最多词元数</translation>
    </message>
    <message>
        <location filename="../../ui/settings/fields.py" line="145"/>
        <source>Low (about 0.1) gives steadier plans; higher gives more varied ones</source>
        <translation>低（约 0.1）计划更稳定；高一些计划更多样</translation>
    </message>
    <message>
        <location filename="../../ui/settings/fields.py" line="147"/>
        <source>Model temperature</source>
        <translation>模型温度</translation>
    </message>
    <message>
        <location filename="../../ui/settings/fields.py" line="160"/>
        <source>List models</source>
        <translation>列出模型</translation>
    </message>
    <message>
        <location filename="../../ui/settings/fields.py" line="162"/>
        <source>Ask the server which models it offers</source>
        <translation>向服务器查询可用的模型</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="51"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="72"/>
        <location filename="../../ui/settings/dialog.py" line="115"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="91"/>
        <source>Built-in offline planner (no server)</source>
        <translation>内置离线规划器（无需服务器）</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="93"/>
        <source>OpenAI-compatible server (llama.cpp, LM Studio, vLLM …)</source>
        <translation>OpenAI 兼容服务器（llama.cpp、LM Studio、vLLM 等）</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="94"/>
        <source>Ollama</source>
        <translation>Ollama</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="104"/>
        <source>Provider</source>
        <translation>提供方</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="107"/>
        <source>Base URL</source>
        <translation>基础 URL</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="110"/>
        <source>Send my tasks&apos; text to this server</source>
        <translation>将我的任务文本发送到此服务器</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="111"/>
        <source>The server is not on this computer: the assistant sends it your tasks&apos; text only if you agree.</source>
        <translation>该服务器不在本机上：只有在您同意后，助理才会向其发送任务文本。</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="127"/>
        <source>Only if the server asks for one</source>
        <translation>仅在服务器要求时填写</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="128"/>
        <source>API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="73"/>
        <source>Assistant</source>
        <translation>助理</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="135"/>
        <source>Run the assistant&apos;s plans without asking me first</source>
        <translation>无需事先询问，直接执行助理的计划</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="137"/>
        <source>Auto-accept</source>
        <translation>自动接受</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="139"/>
        <source>The most steps the assistant may put in one plan</source>
        <translation>助理在一个计划中最多可安排的步骤数</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="140"/>
        <source>Steps per plan, at most</source>
        <translation>每个计划最多步骤数</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="145"/>
        <source>May read and change tasks (never approve or send)</source>
        <translation>可以读取和修改任务（从不批准或发送）</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="146"/>
        <source>May only read</source>
        <translation>只能读取</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="146"/>
        <source>Off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="147"/>
        <source>What other AI agents (an MCP client such as a chat app) may do through `stepwise mcp`</source>
        <translation>其他 AI 智能体（如聊天应用这样的 MCP 客户端）通过 `stepwise mcp` 能做什么</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="149"/>
        <source>Other AI agents</source>
        <translation>其他 AI 智能体</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="150"/>
        <source>Agents may save a schedule (you can undo it in Agent changes)</source>
        <translation>智能体可以保存日程（可在“智能体更改”中撤销）</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="75"/>
        <source>Appearance</source>
        <translation>外观</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="74"/>
        <source>Planning</source>
        <translation>计划</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="159"/>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="160"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="163"/>
        <source>Follow the system (light or dark)</source>
        <translation>跟随系统（浅色或深色）</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="163"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="164"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="165"/>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="166"/>
        <source>Start Stepwise when I log in</source>
        <translation>登录时启动 Stepwise</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="167"/>
        <source>Start</source>
        <translation>启动</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="168"/>
        <source>Signs the assistant&apos;s drafts</source>
        <translation>用于助手起草的消息落款</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="169"/>
        <source>Your name</source>
        <translation>你的名字</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="199"/>
        <source>Reading the API key</source>
        <translation>读取 API 密钥</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="210"/>
        <source>The key is kept in the system keyring.</source>
        <translation>密钥保存在系统密钥环中。</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="213"/>
        <source>No system keyring was found: the key is kept for this session only and must be entered again after Stepwise restarts.</source>
        <translation>未找到系统密钥环：密钥仅在本次会话中保留，Stepwise 重启后需要重新输入。</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="236"/>
        <source>Choose a model (List models asks the server which it has).</source>
        <translation>请选择模型（“列出模型”会向服务器查询可用的模型）。</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="309"/>
        <source>Asking the server for its models…</source>
        <translation>正在向服务器查询模型…</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="312"/>
        <source>Listing the server&apos;s models</source>
        <translation>列出服务器的模型</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="326"/>
        <source>The server offers no models.</source>
        <translation>服务器未提供任何模型。</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="327"/>
        <source>The server offers %1 models.</source>
        <translation>服务器提供了 %1 个模型。</translation>
    </message>
    <message>
        <location filename="../../ui/settings/dialog.py" line="370"/>
        <source>Saving the settings</source>
        <translation>保存设置</translation>
    </message>
</context>
<context>
    <name>SourcesDialog</name>
    <message>
        <location filename="../../ui/calendar/sources.py" line="100"/>
        <source>Calendar sources</source>
        <translation>日历来源</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="118"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="118"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="118"/>
        <source>Events</source>
        <translation>事件数</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="118"/>
        <source>Last synced</source>
        <translation>上次同步</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="119"/>
        <source>Last error</source>
        <translation>上次错误</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="132"/>
        <source>Add ICS file…</source>
        <translation>添加 ICS 文件…</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="133"/>
        <source>Add ICS URL…</source>
        <translation>添加 ICS 网址…</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="134"/>
        <source>Add CalDAV…</source>
        <translation>添加 CalDAV…</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="135"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="151"/>
        <source>Reading calendars</source>
        <translation>正在读取日历</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="166"/>
        <source>never</source>
        <translation>从未</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="179"/>
        <source>ICS file</source>
        <translation>ICS 文件</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="179"/>
        <source>ICS URL</source>
        <translation>ICS 网址</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="180"/>
        <source>CalDAV</source>
        <translation>CalDAV 服务器</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="197"/>
        <source>Add a calendar file</source>
        <translation>添加日历文件</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="198"/>
        <source>iCalendar files (*.ics);;All files (*)</source>
        <translation>iCalendar 文件 (*.ics);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="204"/>
        <source>Add a calendar address</source>
        <translation>添加日历网址</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="205"/>
        <source>The address of an .ics calendar (https:// or webcal://):</source>
        <translation>.ics 日历的网址（https:// 或 webcal://）：</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="223"/>
        <source>Remove a calendar</source>
        <translation>移除日历</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="224"/>
        <source>Remove %1 and its cached events? The calendar itself is not changed.</source>
        <translation>移除 %1 及其缓存的事件吗？日历本身不会被更改。</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="233"/>
        <source>Adding a calendar</source>
        <translation>正在添加日历</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="238"/>
        <source>Adding a CalDAV account</source>
        <translation>正在添加 CalDAV 账户</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="242"/>
        <source>Removing a calendar</source>
        <translation>正在移除日历</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="260"/>
        <source>The calendar was removed.</source>
        <translation>日历已移除。</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="264"/>
        <source>Added %1 (%2 events).</source>
        <translation>已添加 %1（%2 个事件）。</translation>
    </message>
    <message>
        <location filename="../../ui/calendar/sources.py" line="266"/>
        <source>There is no keyring on this system, so the password is kept only until Stepwise quits.</source>
        <translation>此系统没有钥匙串，密码只保留到 Stepwise 退出为止。</translation>
    </message>
</context>
<context>
    <name>StepActions</name>
    <message>
        <location filename="../../ui/plan/step_actions.py" line="120"/>
        <source>Rename “%1”</source>
        <translation>重命名“%1”</translation>
    </message>
    <message>
        <location filename="../../ui/plan/step_actions.py" line="127"/>
        <source>Edit “%1”</source>
        <translation>编辑“%1”</translation>
    </message>
    <message>
        <location filename="../../ui/plan/step_actions.py" line="132"/>
        <source>Add step</source>
        <translation>添加步骤</translation>
    </message>
    <message>
        <location filename="../../ui/plan/step_actions.py" line="137"/>
        <location filename="../../ui/plan/step_actions.py" line="211"/>
        <source>Add sub-step</source>
        <translation>添加子步骤</translation>
    </message>
    <message>
        <location filename="../../ui/plan/step_actions.py" line="141"/>
        <source>Delete “%1”</source>
        <translation>删除“%1”</translation>
    </message>
    <message>
        <location filename="../../ui/plan/step_actions.py" line="147"/>
        <location filename="../../ui/plan/step_actions.py" line="194"/>
        <source>Step “%1”</source>
        <translation>步骤“%1”</translation>
    </message>
    <message>
        <location filename="../../ui/plan/step_actions.py" line="163"/>
        <source>Done “%1”</source>
        <translation>完成“%1”</translation>
    </message>
    <message>
        <location filename="../../ui/plan/step_actions.py" line="164"/>
        <source>Reopen “%1”</source>
        <translation>重新打开“%1”</translation>
    </message>
    <message>
        <location filename="../../ui/plan/step_actions.py" line="170"/>
        <source>“%1” done before “%2”; the plan adapts</source>
        <translation>“%1”在“%2”之前完成；计划会随之调整</translation>
    </message>
    <message>
        <location filename="../../ui/plan/step_actions.py" line="200"/>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location filename="../../ui/plan/step_actions.py" line="201"/>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location filename="../../ui/plan/step_actions.py" line="202"/>
        <source>Skip</source>
        <translation>跳过</translation>
    </message>
    <message>
        <location filename="../../ui/plan/step_actions.py" line="203"/>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <location filename="../../ui/plan/step_actions.py" line="207"/>
        <source>Rename</source>
        <translation>重命名</translation>
    </message>
    <message>
        <location filename="../../ui/plan/step_actions.py" line="209"/>
        <source>Add step after</source>
        <translation>在其后添加步骤</translation>
    </message>
    <message>
        <location filename="../../ui/plan/step_actions.py" line="214"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../ui/plan/step_actions.py" line="232"/>
        <source>“%1” belongs to a plan that has ended; tick the task instead</source>
        <translation>“%1”所在的计划已结束；请直接勾选任务</translation>
    </message>
    <message>
        <location filename="../../ui/plan/edits.py" line="326"/>
        <location filename="../../ui/plan/step_actions.py" line="225"/>
        <source>New step</source>
        <translation>新步骤</translation>
    </message>
    <message>
        <location filename="../../ui/plan/step_actions.py" line="230"/>
        <source>“%1” is done when its sub-steps are</source>
        <translation>“%1”在其子步骤全部完成时完成</translation>
    </message>
</context>
<context>
    <name>StepForm</name>
    <message>
        <location filename="../../ui/step/form.py" line="126"/>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <location filename="../../ui/step/form.py" line="126"/>
        <source>Objective</source>
        <translation>目标</translation>
    </message>
    <message>
        <location filename="../../ui/step/form.py" line="51"/>
        <source>You</source>
        <translation>您</translation>
    </message>
    <message>
        <location filename="../../ui/step/form.py" line="51"/>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <location filename="../../ui/step/form.py" line="123"/>
        <source>your own step</source>
        <translation>你自己的步骤</translation>
    </message>
    <message>
        <location filename="../../ui/step/form.py" line="127"/>
        <source>Finished when</source>
        <translation>完成的标志</translation>
    </message>
    <message>
        <location filename="../../ui/step/form.py" line="127"/>
        <source>Who does it</source>
        <translation>由谁来做</translation>
    </message>
    <message>
        <location filename="../../ui/step/form.py" line="128"/>
        <source>Due</source>
        <translation>截止</translation>
    </message>
    <message>
        <location filename="../../ui/step/form.py" line="128"/>
        <source>Kind of step</source>
        <translation>步骤类型</translation>
    </message>
    <message>
        <location filename="../../ui/step/form.py" line="129"/>
        <source>Attempts</source>
        <translation>尝试次数</translation>
    </message>
    <message>
        <location filename="../../ui/step/form.py" line="129"/>
        <source>Waits for</source>
        <translation>等待</translation>
    </message>
    <message>
        <location filename="../../ui/step/form.py" line="141"/>
        <source>e.g. next friday 17:00</source>
        <translation>例如：下周五 17:00</translation>
    </message>
    <message>
        <location filename="../../ui/step/form.py" line="142"/>
        <source>e.g. the venue is booked</source>
        <translation>例如：场地已订好</translation>
    </message>
    <message>
        <location filename="../../ui/step/form.py" line="240"/>
        <source>A step needs a title</source>
        <translation>步骤需要一个标题</translation>
    </message>
</context>
<context>
    <name>StepInputs</name>
    <message>
        <location filename="../../ui/step/inputs.py" line="38"/>
        <source>From</source>
        <translation>从</translation>
    </message>
    <message>
        <location filename="../../ui/step/inputs.py" line="39"/>
        <source>Until</source>
        <translation>到</translation>
    </message>
    <message>
        <location filename="../../ui/step/inputs.py" line="41"/>
        <source>What to write</source>
        <translation>要写什么</translation>
    </message>
    <message>
        <location filename="../../ui/step/inputs.py" line="42"/>
        <source>File name</source>
        <translation>文件名</translation>
    </message>
    <message>
        <location filename="../../ui/step/inputs.py" line="43"/>
        <source>File text</source>
        <translation>文件内容</translation>
    </message>
    <message>
        <location filename="../../ui/step/inputs.py" line="44"/>
        <source>Text from the step</source>
        <translation>取自步骤的文字</translation>
    </message>
    <message>
        <location filename="../../ui/step/inputs.py" line="45"/>
        <source>To</source>
        <translation>收件人</translation>
    </message>
    <message>
        <location filename="../../ui/step/inputs.py" line="45"/>
        <source>Text</source>
        <translation>文字</translation>
    </message>
    <message>
        <location filename="../../ui/step/inputs.py" line="46"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../ui/step/inputs.py" line="104"/>
        <source>e.g. tomorrow 9:00</source>
        <translation>例如：明天 9:00</translation>
    </message>
    <message>
        <location filename="../../ui/step/inputs.py" line="198"/>
        <source>Fill in %1 to save this step</source>
        <translation>填写 %1 后才能保存此步骤</translation>
    </message>
    <message>
        <location filename="../../ui/step/inputs.py" line="200"/>
        <source>These inputs cannot be used: %1</source>
        <translation>这些输入无法使用：%1</translation>
    </message>
</context>
<context>
    <name>StepPanel</name>
    <message>
        <location filename="../../ui/step/panel.py" line="223"/>
        <source>Select a step in the plan to see its details here.</source>
        <translation>在计划中选择一个步骤，即可在此查看其详情。</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="235"/>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="236"/>
        <source>No result yet</source>
        <translation>尚无结果</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="237"/>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="224"/>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="224"/>
        <source>Done…</source>
        <translation>完成…</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="225"/>
        <source>Fail…</source>
        <translation>失败…</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="225"/>
        <source>Skip</source>
        <translation>跳过</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="225"/>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="226"/>
        <source>Start working on this step</source>
        <translation>开始处理此步骤</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="227"/>
        <source>Mark the step completed, with an optional result</source>
        <translation>将步骤标记为已完成，可附上结果</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="228"/>
        <source>Mark the step failed and say why</source>
        <translation>将步骤标记为失败并说明原因</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="229"/>
        <source>Leave the step out (it counts as done for what follows)</source>
        <translation>跳过此步骤（对后续步骤而言视为已完成）</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="230"/>
        <source>Try the failed step again</source>
        <translation>重新尝试失败的步骤</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="234"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="292"/>
        <source>Unsaved change</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="293"/>
        <source>The change to “%1” cannot be saved: %2</source>
        <translation>对“%1”的更改无法保存：%2</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="295"/>
        <source>Drop the change</source>
        <translation>放弃更改</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="296"/>
        <source>Keep editing</source>
        <translation>继续编辑</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="307"/>
        <source>Reading the step</source>
        <translation>读取步骤</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="328"/>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="342"/>
        <source>Waiting for your approval to message %1 (see the Outbox)</source>
        <translation>等待你批准发给 %1 的消息（见发件箱）</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="345"/>
        <source>You approved the message to %1; it has not been sent yet (see the Outbox)</source>
        <translation>你已批准发给 %1 的消息，但尚未发出（见发件箱）</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="347"/>
        <source>The message to %1: %2</source>
        <translation>发给 %1 的消息：%2</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="378"/>
        <source>Result (optional):</source>
        <translation>结果（可选）：</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="379"/>
        <source>What came of it</source>
        <translation>结果如何</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="380"/>
        <source>Mark done</source>
        <translation>标记为完成</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="382"/>
        <source>Why did it fail?</source>
        <translation>失败原因是什么？</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="383"/>
        <source>The reason (required)</source>
        <translation>原因（必填）</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="384"/>
        <source>Mark failed</source>
        <translation>标记为失败</translation>
    </message>
    <message>
        <location filename="../../ui/step/panel.py" line="408"/>
        <source>Step “%1”: %2</source>
        <translation>步骤“%1”：%2</translation>
    </message>
</context>
<context>
    <name>StepSchedule</name>
    <message>
        <location filename="../../ui/step/schedule.py" line="63"/>
        <source>e.g. 45m or 1h30</source>
        <translation>例如 45m 或 1h30</translation>
    </message>
    <message>
        <location filename="../../ui/step/schedule.py" line="64"/>
        <source>Estimate</source>
        <translation>预估时长</translation>
    </message>
    <message>
        <location filename="../../ui/step/schedule.py" line="65"/>
        <source>Planned</source>
        <translation>已安排</translation>
    </message>
    <message>
        <location filename="../../ui/step/schedule.py" line="92"/>
        <source>Not scheduled: give it an estimate and press Schedule.</source>
        <translation>未排程：填写预估时长后点“排程”。</translation>
    </message>
    <message>
        <location filename="../../ui/step/schedule.py" line="94"/>
        <source>Not scheduled yet: press Schedule to place it in your free time.</source>
        <translation>尚未排程：按“排程”把它放进你的空闲时间。</translation>
    </message>
    <message>
        <location filename="../../ui/step/schedule.py" line="99"/>
        <source>%1–%2: %3</source>
        <translation>%1–%2：%3</translation>
    </message>
    <message>
        <location filename="../../ui/step/schedule.py" line="114"/>
        <source>Saving the estimate</source>
        <translation>正在保存预估时长</translation>
    </message>
</context>
<context>
    <name>SyncChoice</name>
    <message>
        <location filename="../../ui/sync/choice.py" line="27"/>
        <source>The task list changed</source>
        <translation>任务列表变了</translation>
    </message>
    <message>
        <location filename="../../ui/sync/choice.py" line="29"/>
        <source>Nothing on this device was changed; syncing waits until you choose.

• Make the list again: put this device&apos;s tasks back on the server.
• Keep both: keep these tasks and take what the list holds now.
• Forget the account: stop syncing with this list; your tasks stay here.

In a terminal:
stepwise sync start-over %1 recreate|keep-both|forget</source>
        <translation>这台设备上什么都没有改动；在你选择之前，同步会一直暂停。

• 重建列表：把这台设备的任务重新放回服务器。
• 两边都保留：保留这些任务，同时接收列表现在的内容。
• 忘掉这个账户：不再与这个列表同步；你的任务留在这里。

在终端中：
stepwise sync start-over %1 recreate|keep-both|forget</translation>
    </message>
    <message>
        <location filename="../../ui/sync/choice.py" line="38"/>
        <source>Make the list again</source>
        <translation>重建列表</translation>
    </message>
    <message>
        <location filename="../../ui/sync/choice.py" line="40"/>
        <source>Keep both</source>
        <translation>两边都保留</translation>
    </message>
    <message>
        <location filename="../../ui/sync/choice.py" line="42"/>
        <source>Forget the account</source>
        <translation>忘掉这个账户</translation>
    </message>
    <message>
        <location filename="../../ui/sync/choice.py" line="57"/>
        <source>The task list on the server is gone or was replaced.</source>
        <translation>服务器上的任务列表不见了，或已被替换。</translation>
    </message>
    <message>
        <location filename="../../ui/sync/choice.py" line="61"/>
        <source>The task list %1 is no longer on the server.</source>
        <translation>任务列表 %1 已不在服务器上。</translation>
    </message>
    <message>
        <location filename="../../ui/sync/choice.py" line="63"/>
        <source>The task list %1 no longer holds any of the tasks this device synced with it: it was reset, recreated or replaced.</source>
        <translation>任务列表 %1 里已没有这台设备同步过的任何任务：它被重置、重建或替换了。</translation>
    </message>
    <message>
        <location filename="../../ui/sync/choice.py" line="85"/>
        <source>Answering the sync question</source>
        <translation>正在执行同步的选择</translation>
    </message>
</context>
<context>
    <name>SyncPage</name>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="75"/>
        <source>Sync</source>
        <translation>同步</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="79"/>
        <source>Keep your tasks and plans in a CalDAV task list (Nextcloud, Radicale, Fastmail …) so your other computers and phone apps such as Tasks.org or DAVx⁵ see them too.</source>
        <translation>把任务和计划保存在 CalDAV 任务列表中（Nextcloud、Radicale、Fastmail …），你的其他电脑和 Tasks.org、DAVx⁵ 等手机应用也能看到它们。</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="89"/>
        <source>Task list address</source>
        <translation>任务列表地址</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="90"/>
        <source>User name</source>
        <translation>用户名</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="91"/>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="93"/>
        <source>Off (only after changes here)</source>
        <translation>关闭（仅在本机有改动后同步）</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="94"/>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="95"/>
        <source>Sync every</source>
        <translation>同步间隔</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="111"/>
        <source>Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="112"/>
        <source>Save account</source>
        <translation>保存账户</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="113"/>
        <source>Remove account</source>
        <translation>移除账户</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="127"/>
        <source>Reading the sync account</source>
        <translation>正在读取同步账户</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="135"/>
        <source>Kept: leave empty to keep it</source>
        <translation>已保存：留空则保持不变</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="159"/>
        <source>Enter the http:// or https:// address of a CalDAV task list.</source>
        <translation>请输入 CalDAV 任务列表的 http:// 或 https:// 地址。</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="175"/>
        <source>Connecting to the server…</source>
        <translation>正在连接服务器…</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="179"/>
        <source>Testing the sync server</source>
        <translation>正在测试同步服务器</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="185"/>
        <source>Not connected: %1.</source>
        <translation>未连接：%1。</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="187"/>
        <source>Connected: the task list is there.</source>
        <translation>已连接：任务列表已存在。</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="189"/>
        <source>Connected. The task list does not exist yet: the first sync creates it.</source>
        <translation>已连接。任务列表尚不存在：第一次同步时会创建它。</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="203"/>
        <source>Saving the sync account</source>
        <translation>正在保存同步账户</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="215"/>
        <source>Saved. No system keyring was found: the password is kept only until Stepwise quits.</source>
        <translation>已保存。未找到系统密钥环：密码只保留到 Stepwise 退出为止。</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="218"/>
        <source>Saved. The password is kept in the system keyring.</source>
        <translation>已保存。密码保存在系统密钥环中。</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="220"/>
        <source>Saved.</source>
        <translation>已保存。</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="232"/>
        <source>Removing the sync account</source>
        <translation>正在移除同步账户</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="235"/>
        <source>The account was removed. Your tasks here and on the server stay as they are.</source>
        <translation>账户已移除。本机和服务器上的任务保持原样。</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="243"/>
        <source>Saving the sync interval</source>
        <translation>正在保存同步间隔</translation>
    </message>
    <message>
        <location filename="../../ui/settings/sync_page.py" line="245"/>
        <source>Tasks sync every %1 minutes and after changes.</source>
        <translation>任务每 %1 分钟同步一次，改动后也会同步。</translation>
    </message>
</context>
<context>
    <name>SyncStatus</name>
    <message>
        <location filename="../../ui/sync/status.py" line="26"/>
        <source>the server could not be reached (check the address and the network)</source>
        <translation>无法连接服务器（请检查地址和网络）</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="28"/>
        <source>the server refused the user name or password</source>
        <translation>服务器拒绝了用户名或密码</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="29"/>
        <source>no password is kept for this account; enter it again</source>
        <translation>没有保存此账户的密码，请重新输入</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="31"/>
        <source>the address does not answer like a CalDAV server</source>
        <translation>该地址的回应不像 CalDAV 服务器</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="32"/>
        <source>the server answered with an error; try again later</source>
        <translation>服务器返回了错误，请稍后再试</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="34"/>
        <source>the database could not be written</source>
        <translation>无法写入数据库</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="35"/>
        <source>the task list on the server is gone or was replaced</source>
        <translation>服务器上的任务列表不见了或已被替换</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="37"/>
        <source>the server asks for a sign-in Stepwise does not do (only Basic and Digest)</source>
        <translation>服务器要求的登录方式 Stepwise 不支持（只支持 Basic 和 Digest）</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="39"/>
        <source>the server sent the request to another address; check the account&apos;s address</source>
        <translation>服务器把请求转到了另一个地址；请检查账户地址</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="42"/>
        <source>the server had a problem</source>
        <translation>服务器出了问题</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="94"/>
        <source>Stopping the sync…</source>
        <translation>正在停止同步…</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="96"/>
        <source>Syncing…</source>
        <translation>正在同步…</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="97"/>
        <source>Syncing… %1/%2</source>
        <translation>正在同步… %1/%2</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="104"/>
        <source>Sync stopped: %1 — click to choose what to do</source>
        <translation>同步已停止：%1——点击选择怎么办</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="107"/>
        <source>Sync failed: %1 — click for details</source>
        <translation>同步失败：%1 — 点击查看详情</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="109"/>
        <source>Synced %1</source>
        <translation>已同步 %1</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="111"/>
        <source>Sync stopped</source>
        <translation>同步已停止</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="114"/>
        <source>1 conflict needs attention</source>
        <translation>1 个冲突需要处理</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="116"/>
        <source>%1 conflicts need attention</source>
        <translation>%1 个冲突需要处理</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/sync/status.py" line="120"/>
        <source>%n item(s) from other devices could not be read</source>
        <translation>
            <numerusform>%n 个来自其他设备的条目无法读取</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="127"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="128"/>
        <source>Stop the sync; what was sent so far is kept</source>
        <translation>停止同步；已发送的内容会保留</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="143"/>
        <source>Click to choose which version to keep</source>
        <translation>点击选择保留哪个版本</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="145"/>
        <source>Click to see which items and why</source>
        <translation>点击查看是哪些条目以及原因</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="154"/>
        <source>These items from other devices could not be read. They stay on the server untouched; correct them on the device that made them, and Stepwise reads them again when they change.

%1</source>
        <translation>这些来自其他设备的条目无法读取。它们原样留在服务器上；请在创建它们的设备上改正，改动后 Stepwise 会重新读取。

%1</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="160"/>
        <source>The tasks could not be synced: %1.

Nothing here was changed; the next sync tries again.

The server said: %2</source>
        <translation>任务无法同步：%1。

本机没有任何改动；下次同步会再试。

服务器的回应：%2</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="182"/>
        <source>Sync</source>
        <translation>同步</translation>
    </message>
    <message>
        <location filename="../../ui/sync/status.py" line="183"/>
        <source>Items that could not be read</source>
        <translation>无法读取的条目</translation>
    </message>
</context>
<context>
    <name>SyncWorker</name>
    <message>
        <location filename="../../ui/sync/worker.py" line="85"/>
        <location filename="../../ui/sync/worker.py" line="167"/>
        <source>Reading the sync state</source>
        <translation>正在读取同步状态</translation>
    </message>
    <message>
        <location filename="../../ui/sync/worker.py" line="106"/>
        <source>Syncing tasks</source>
        <translation>正在同步任务</translation>
    </message>
</context>
<context>
    <name>TaskDialog</name>
    <message>
        <location filename="../../ui/tasks/dialog.py" line="42"/>
        <source>Edit task</source>
        <translation>编辑任务</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/dialog.py" line="48"/>
        <source>1 — highest</source>
        <translation>1 — 最高</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/dialog.py" line="48"/>
        <source>2 — high</source>
        <translation>2 — 高</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/dialog.py" line="49"/>
        <source>3 — normal</source>
        <translation>3 — 普通</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/dialog.py" line="49"/>
        <source>4 — low</source>
        <translation>4 — 低</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/dialog.py" line="60"/>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/dialog.py" line="61"/>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/dialog.py" line="62"/>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/dialog.py" line="63"/>
        <source>Start (not before)</source>
        <translation>开始（不早于）</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/dialog.py" line="64"/>
        <source>Due</source>
        <translation>截止</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/dialog.py" line="65"/>
        <source>Expires (too late after)</source>
        <translation>过期（此后即作废）</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/dialog.py" line="66"/>
        <source>Tags (comma separated)</source>
        <translation>标签（以逗号分隔）</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/dialog.py" line="67"/>
        <source>Repeats</source>
        <translation>重复</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/dialog.py" line="86"/>
        <source>e.g. every other Friday, 每月5号</source>
        <translation>例如：每两周的周五、每月5号</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/dialog.py" line="100"/>
        <source>Not a repeat Stepwise knows; try “every Monday” or “每月5号”</source>
        <translation>Stepwise 看不懂这个重复方式；试试“每周一”或“每月5号”</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/dialog.py" line="114"/>
        <source>“%1” is not a repeat Stepwise knows; try “every Monday”, “every month on the 5th” or “每月5号”</source>
        <translation>Stepwise 看不懂“%1”这个重复方式；试试“每周一”“每月5号”或“每年3月8日”</translation>
    </message>
</context>
<context>
    <name>TaskEdits</name>
    <message>
        <location filename="../../ui/tasks/edits.py" line="40"/>
        <source>Done “%1”</source>
        <translation>完成“%1”</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/edits.py" line="67"/>
        <source>Saving the task</source>
        <translation>正在保存任务</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/edits.py" line="92"/>
        <source>A task needs a title</source>
        <translation>任务需要标题</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/edits.py" line="103"/>
        <source>Priority is 1 (highest) to 4 (lowest)</source>
        <translation>优先级为 1（最高）到 4（最低）</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/edits.py" line="170"/>
        <source>Edit “%1”</source>
        <translation>编辑“%1”</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/edits.py" line="179"/>
        <source>Reopen</source>
        <translation>重新打开</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/edits.py" line="180"/>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/edits.py" line="181"/>
        <source>Rename</source>
        <translation>重命名</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/edits.py" line="182"/>
        <source>Edit…</source>
        <translation>编辑…</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/edits.py" line="183"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/edits.py" line="190"/>
        <source>Approve every plan that waits</source>
        <translation>批准所有等待批准的计划</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/edits.py" line="198"/>
        <source>Plans approved: %1</source>
        <translation>已批准的计划：%1</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/edits.py" line="199"/>
        <source>No plan waits for approval</source>
        <translation>没有等待批准的计划</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/edits.py" line="204"/>
        <source>Approving the waiting plans</source>
        <translation>正在批准等待中的计划</translation>
    </message>
</context>
<context>
    <name>TaskListModel</name>
    <message>
        <location filename="../../ui/tasks/model.py" line="91"/>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/model.py" line="91"/>
        <source>Due</source>
        <translation>截止</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/model.py" line="92"/>
        <location filename="../../ui/tasks/model.py" line="338"/>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/model.py" line="91"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/model.py" line="233"/>
        <source>All day</source>
        <translation>全天</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/model.py" line="339"/>
        <source>due</source>
        <translation>截止</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/model.py" line="340"/>
        <source>age</source>
        <translation>已等待</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/model.py" line="341"/>
        <source>blocked</source>
        <translation>受阻</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/model.py" line="343"/>
        <source>Urgency %1 = %2</source>
        <translation>紧急度 %1 = %2</translation>
    </message>
</context>
<context>
    <name>TaskListPanel</name>
    <message>
        <location filename="../../ui/tasks/delete.py" line="26"/>
        <source>delete “%1”</source>
        <translation>删除“%1”</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/delete.py" line="42"/>
        <source>Restoring a task</source>
        <translation>正在恢复任务</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="104"/>
        <source>Open</source>
        <translation>未完成</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="105"/>
        <source>Today</source>
        <translation>今天</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="106"/>
        <source>Upcoming</source>
        <translation>即将到期</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="107"/>
        <source>Waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="110"/>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="118"/>
        <source>Search (Ctrl+F)</source>
        <translation>搜索（Ctrl+F）</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="119"/>
        <source>Urgency</source>
        <translation>紧急程度</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="119"/>
        <source>Due</source>
        <translation>截止时间</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="120"/>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="108"/>
        <source>Attention</source>
        <translation>待处理</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="104"/>
        <source>Everything still to do</source>
        <translation>所有尚未完成的事</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="105"/>
        <source>Due or starting today</source>
        <translation>今天截止或开始</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="106"/>
        <source>Due in the coming days</source>
        <translation>近几天截止</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="107"/>
        <source>Waiting to start or for a check</source>
        <translation>等待开始或检查</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="109"/>
        <source>Needs attention: something went wrong or waits for you</source>
        <translation>需要处理：出了问题或在等你</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="110"/>
        <source>Every task, done ones too</source>
        <translation>所有任务，包括已完成的</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="120"/>
        <source>Newest</source>
        <translation>最新</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="123"/>
        <location filename="../../ui/tasks/list_view.py" line="278"/>
        <source>All tags</source>
        <translation>全部标签</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="124"/>
        <source>Any status</source>
        <translation>任意状态</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="222"/>
        <source>Loading tasks</source>
        <translation>加载任务</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/tasks/list_view.py" line="287"/>
        <source>%n task(s)</source>
        <translation>
            <numerusform>%n 个任务</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="297"/>
        <source>No task matches “%1”.</source>
        <translation>没有与“%1”匹配的任务。</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="299"/>
        <source>No task here with this tag or status.</source>
        <translation>这里没有带这个标签或状态的任务。</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="301"/>
        <source>Nothing left to do. Add a task above (Ctrl+N).</source>
        <translation>没有待办的事了。可以在上方添加任务（Ctrl+N）。</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="302"/>
        <source>Nothing due or starting today. Enjoy the quiet — or add a task above.</source>
        <translation>今天没有到期或开始的任务。享受清静吧——或者在上方添加一个任务。</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="304"/>
        <source>Nothing due in the coming days.</source>
        <translation>接下来几天没有到期的任务。</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="305"/>
        <source>Nothing is waiting to start or for a check.</source>
        <translation>没有在等待开始或检查的任务。</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="306"/>
        <source>Nothing needs your attention.</source>
        <translation>没有需要你处理的任务。</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="295"/>
        <location filename="../../ui/tasks/list_view.py" line="307"/>
        <source>No tasks yet. Add one above (Ctrl+N).</source>
        <translation>还没有任务。在上方添加一个吧（Ctrl+N）。</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/delete.py" line="58"/>
        <source>Deleted “%1” — Ctrl+Z brings it back</source>
        <translation>已删除“%1”——按 Ctrl+Z 可恢复</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/list_view.py" line="378"/>
        <source>Sync conflicts…</source>
        <translation>同步冲突…</translation>
    </message>
    <message>
        <location filename="../../ui/tasks/delete.py" line="38"/>
        <location filename="../../ui/tasks/delete.py" line="62"/>
        <source>Deleting</source>
        <translation>删除</translation>
    </message>
</context>
<context>
    <name>Tray</name>
    <message>
        <location filename="../../ui/window/tray.py" line="51"/>
        <source>Quick add…</source>
        <translation>快速添加…</translation>
    </message>
    <message>
        <location filename="../../ui/window/tray.py" line="52"/>
        <source>Show or hide Stepwise</source>
        <translation>显示或隐藏 Stepwise</translation>
    </message>
    <message>
        <location filename="../../ui/window/tray.py" line="53"/>
        <source>Run the assistant</source>
        <translation>运行助理</translation>
    </message>
    <message>
        <location filename="../../ui/window/tray.py" line="55"/>
        <source>Reminders</source>
        <translation>提醒</translation>
    </message>
    <message>
        <location filename="../../ui/window/tray.py" line="53"/>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <location filename="../../ui/window/tray.py" line="64"/>
        <source>Stepwise keeps running here and reminds you when something is due. Choose Quit in this menu to leave it.</source>
        <translation>Stepwise 会在这里继续运行，并在事情到期时提醒你。要退出，请在此菜单中选择“退出”。</translation>
    </message>
    <message>
        <location filename="../../ui/window/tray.py" line="66"/>
        <source>Stepwise is still running</source>
        <translation>Stepwise 仍在运行</translation>
    </message>
    <message>
        <location filename="../../ui/window/tray.py" line="80"/>
        <source>Stepwise reminder</source>
        <translation>Stepwise 提醒</translation>
    </message>
    <message>
        <location filename="../../ui/window/tray.py" line="90"/>
        <source>Snooze 5 min</source>
        <translation>稍后 5 分钟</translation>
    </message>
    <message>
        <location filename="../../ui/window/tray.py" line="91"/>
        <source>Snooze 1 hour</source>
        <translation>稍后 1 小时</translation>
    </message>
    <message>
        <location filename="../../ui/window/tray.py" line="92"/>
        <source>Tomorrow</source>
        <translation>明天</translation>
    </message>
    <message>
        <location filename="../../ui/window/tray.py" line="92"/>
        <source>Done</source>
        <translation>完成</translation>
    </message>
</context>
<context>
    <name>UndoActions</name>
    <message>
        <location filename="../../ui/window/undo_actions.py" line="40"/>
        <source>Undo %1</source>
        <translation>撤销%1</translation>
    </message>
    <message>
        <location filename="../../ui/window/undo_actions.py" line="40"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location filename="../../ui/window/undo_actions.py" line="41"/>
        <source>Redo %1</source>
        <translation>重做%1</translation>
    </message>
    <message>
        <location filename="../../ui/window/undo_actions.py" line="41"/>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
</context>
<context>
    <name>WelcomeView</name>
    <message>
        <location filename="../../ui/window/welcome.py" line="32"/>
        <source>Welcome to Stepwise</source>
        <translation>欢迎使用 Stepwise</translation>
    </message>
    <message>
        <location filename="../../ui/window/welcome.py" line="38"/>
        <source>Add what you need to do in the bar above — with a time in plain words if you like (“next friday”, “明天下午三点”). The assistant reviews each task and fixes when it can start and when it is too late. A task that needs more than one thing gets a plan of steps that depend on each other; the assistant does what it can (reminders at once; drafts, files and messages once you approve). You tick off anything, in any order, and can always undo. You see every plan as a graph and can change it by dragging.

No model is needed: the built-in offline planner works with plain rules (lists, “then”, dates, common verbs). Connect a local or online model for plans that understand more. Press F5 to run the assistant.</source>
        <translation>在上方输入要做的事——也可以用日常说法写上时间（“下周五”“明天下午三点”）。助理会审阅每个任务，确定何时可以开始、何时为时已晚。需要不止一件事的任务会得到一个由相互依赖的步骤组成的计划；助理完成它能做的部分（提醒立即设置；草稿、文件和消息经您批准后才做）。任何事情都可以按任意顺序勾掉，也随时可以撤销。每个计划都以图的形式呈现，拖动即可修改。

无需模型：内置的离线规划器按简单规则工作（列表、“然后”、日期、常用动词）。连接本地或在线模型，可获得理解更深的计划。按 F5 运行助理。</translation>
    </message>
    <message>
        <location filename="../../ui/window/welcome.py" line="51"/>
        <source>Add sample tasks (English)</source>
        <translation>添加示例任务（英文）</translation>
    </message>
    <message>
        <location filename="../../ui/window/welcome.py" line="52"/>
        <source>Add sample tasks (中文)</source>
        <translation>添加示例任务（中文）</translation>
    </message>
    <message>
        <location filename="../../ui/window/welcome.py" line="53"/>
        <source>Connect a model…</source>
        <translation>连接模型…</translation>
    </message>
    <message>
        <location filename="../../ui/window/welcome.py" line="85"/>
        <source>Adding sample tasks</source>
        <translation>正在添加示例任务</translation>
    </message>
</context>
<context>
    <name>labels</name>
    <message>
        <location filename="../../ui/words/labels.py" line="20"/>
        <source>new</source>
        <translation>新建</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="21"/>
        <source>reviewed</source>
        <translation>已审阅</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="22"/>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="23"/>
        <source>planned</source>
        <translation>已规划</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="24"/>
        <location filename="../../ui/words/labels.py" line="51"/>
        <source>in progress</source>
        <translation>进行中</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="25"/>
        <location filename="../../ui/words/labels.py" line="40"/>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="26"/>
        <source>done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="27"/>
        <location filename="../../ui/words/labels.py" line="53"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="28"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="29"/>
        <source>expired</source>
        <translation>已过期</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="37"/>
        <location filename="../../ui/words/labels.py" line="97"/>
        <source>awaiting approval</source>
        <translation>待批准</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="38"/>
        <source>running</source>
        <translation>执行中</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="39"/>
        <location filename="../../ui/words/labels.py" line="52"/>
        <source>completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="41"/>
        <source>aborted</source>
        <translation>已中止</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="42"/>
        <source>superseded</source>
        <translation>已被取代</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="50"/>
        <source>pending</source>
        <translation>待处理</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="54"/>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="62"/>
        <source>group of steps</source>
        <translation>步骤组</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="64"/>
        <source>you</source>
        <translation>您</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="65"/>
        <source>assistant writes a draft</source>
        <translation>助理撰写草稿</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="66"/>
        <source>assistant writes a file</source>
        <translation>助理写入文件</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="67"/>
        <source>message (after your approval)</source>
        <translation>消息（经您批准后发送）</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="68"/>
        <source>reminder</source>
        <translation>提醒</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="69"/>
        <source>calendar look-up</source>
        <translation>查询日历</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="76"/>
        <source>me</source>
        <translation>我</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="76"/>
        <source>assistant</source>
        <translation>助理</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="83"/>
        <source>expiring</source>
        <translation>处理过期</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="84"/>
        <source>reviewing</source>
        <translation>审阅</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="85"/>
        <source>planning</source>
        <translation>规划</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="86"/>
        <source>approving</source>
        <translation>批准</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="87"/>
        <source>doing a step</source>
        <translation>执行步骤</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="88"/>
        <source>checking again</source>
        <translation>再次检查</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="89"/>
        <source>reviewing a failure</source>
        <translation>复查失败</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="98"/>
        <source>approved, not sent</source>
        <translation>已批准，未发送</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="99"/>
        <source>sent</source>
        <translation>已发送</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="100"/>
        <source>rejected</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="141"/>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="142"/>
        <source>Objective</source>
        <translation>目标</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="143"/>
        <source>Written by</source>
        <translation>编写者</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="144"/>
        <source>Depends on</source>
        <translation>依赖于</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="145"/>
        <source>Group</source>
        <translation>分组</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="146"/>
        <source>Done by</source>
        <translation>执行方</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="147"/>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="148"/>
        <source>Output schema</source>
        <translation>输出结构</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="149"/>
        <source>Done when</source>
        <translation>完成标准</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="150"/>
        <source>Worker</source>
        <translation>负责人</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="151"/>
        <source>Due</source>
        <translation>截止</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="152"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="153"/>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="154"/>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="161"/>
        <source>added</source>
        <translation>新增</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="161"/>
        <source>removed</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../ui/words/labels.py" line="162"/>
        <source>changed</source>
        <translation>修改</translation>
    </message>
</context>
</TS>
