<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>AgentCase</name>
    <message>
        <source>a case needs its &quot;message&quot;</source>
        <translation>у примера должно быть поле &quot;message&quot;</translation>
    </message>
    <message>
        <source>each of &quot;calls&quot; needs a tool &quot;name&quot;</source>
        <translation>у каждого элемента &quot;calls&quot; должно быть имя инструмента &quot;name&quot;</translation>
    </message>
    <message>
        <source>answered by %1, expected %2</source>
        <translation>ответил %1, ожидался %2</translation>
    </message>
    <message>
        <source>no call %1 %2</source>
        <translation>нет вызова %1 %2</translation>
    </message>
    <message>
        <source>unexpected call %1 %2</source>
        <translation>лишний вызов %1 %2</translation>
    </message>
    <message>
        <source>no confirmation is pending</source>
        <translation>подтверждение не ожидается</translation>
    </message>
    <message>
        <source>a confirmation is pending</source>
        <translation>ожидается подтверждение</translation>
    </message>
    <message>
        <source>no approval was asked</source>
        <translation>разрешение не запрашивалось</translation>
    </message>
    <message>
        <source>a tool asked for approval</source>
        <translation>инструмент запросил разрешение</translation>
    </message>
    <message>
        <source>the reply lacks “%1”</source>
        <translation>в ответе нет «%1»</translation>
    </message>
    <message>
        <source>the reply contains “%1”</source>
        <translation>в ответе есть «%1»</translation>
    </message>
</context>
<context>
    <name>AgentCaseRunner</name>
    <message>
        <source>no database for the case: %1</source>
        <translation>нет базы данных для примера: %1</translation>
    </message>
    <message>
        <source>the case&apos;s task “%1” could not be stored</source>
        <translation>задачу примера «%1» не удалось сохранить</translation>
    </message>
    <message>
        <source>the message was refused</source>
        <translation>сообщение не принято</translation>
    </message>
    <message>
        <source>the run did not complete: %1</source>
        <translation>прогон не завершился: %1</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>причина не указана</translation>
    </message>
</context>
<context>
    <name>AgentCatalog</name>
    <message>
        <source>%1: cannot be read: %2</source>
        <translation>%1: не удаётся прочитать: %2</translation>
    </message>
    <message>
        <source>%1: is larger than %2 KiB, too large for an agent file.</source>
        <translation>%1: больше %2 КиБ — слишком велик для файла агента.</translation>
    </message>
    <message>
        <source>%1: is not UTF-8 text.</source>
        <translation>%1: не является текстом в UTF-8.</translation>
    </message>
    <message>
        <source>%1: the target “%2” is no agent; that handoff is left out.</source>
        <translation>%1: цель «%2» не является агентом; эта передача пропущена.</translation>
    </message>
    <message>
        <source>%1: the id “%2” is already given by %3; this file is left out.</source>
        <translation>%1: id «%2» уже задан в %3; этот файл пропущен.</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Ассистент</translation>
    </message>
    <message>
        <source>Agent 1</source>
        <translation>Агент 1</translation>
    </message>
    <message>
        <source>Agent 2</source>
        <translation>Агент 2</translation>
    </message>
    <message>
        <source>Analyst</source>
        <translation>Аналитик</translation>
    </message>
    <message>
        <source>Implementer</source>
        <translation>Разработчик</translation>
    </message>
    <message>
        <source>Reviewer</source>
        <translation>Рецензент</translation>
    </message>
    <message>
        <source>Refactorer</source>
        <translation>Рефакторщик</translation>
    </message>
    <message>
        <source>Documenter</source>
        <translation>Документатор</translation>
    </message>
    <message>
        <source>Orchestrator</source>
        <translation>Оркестратор</translation>
    </message>
    <message>
        <source>Task agent</source>
        <translation>Агент задач</translation>
    </message>
    <message>
        <source>Q&amp;A agent</source>
        <translation>Агент вопросов и ответов</translation>
    </message>
    <message>
        <source>Tracking agent</source>
        <translation>Агент прогресса</translation>
    </message>
    <message>
        <source>General agent</source>
        <translation>Общий агент</translation>
    </message>
    <message>
        <source>Clarifies the request, then hands a self-contained brief to agent 2.</source>
        <translation>Уточняет запрос, затем передаёт агенту 2 самодостаточное задание.</translation>
    </message>
    <message>
        <source>Validates the brief and writes the answer.</source>
        <translation>Проверяет задание и пишет ответ.</translation>
    </message>
    <message>
        <source>Reads the story, analyses the codebase and writes the implementation plan.</source>
        <translation>Читает историю, изучает код и пишет план реализации.</translation>
    </message>
    <message>
        <source>Answers in single-agent conversations, using the built-in tools.</source>
        <translation>Отвечает в беседах с одним агентом, пользуясь встроенными инструментами.</translation>
    </message>
    <message>
        <source>Updates the documentation, adds comments, and signals that the story is complete.</source>
        <translation>Обновляет документацию, добавляет комментарии и сообщает, что история завершена.</translation>
    </message>
    <message>
        <source>Handles greetings and casual conversation; the default when no specialist matches.</source>
        <translation>Отвечает на приветствия и просто беседует; выбирается, когда не подходит ни один специалист.</translation>
    </message>
    <message>
        <source>Writes the code following the plan, and its tests.</source>
        <translation>Пишет код по плану и тесты к нему.</translation>
    </message>
    <message>
        <source>Routes each request of router mode to the specialist best placed to answer it.</source>
        <translation>Направляет каждый запрос режима маршрутизатора специалисту, который лучше всего на него ответит.</translation>
    </message>
    <message>
        <source>Answers questions about Tandem&apos;s features, gives productivity advice, explains ADHD-friendly workflows.</source>
        <translation>Отвечает на вопросы о возможностях Tandem, даёт советы по продуктивности, объясняет удобные при СДВГ приёмы работы.</translation>
    </message>
    <message>
        <source>Polishes the working code without changing its behaviour.</source>
        <translation>Улучшает работающий код, не меняя его поведения.</translation>
    </message>
    <message>
        <source>Reviews the implementation, and approves it or rejects it with feedback.</source>
        <translation>Проверяет реализацию и одобряет её или отклоняет с замечаниями.</translation>
    </message>
    <message>
        <source>Creates, completes, updates, searches and deletes the person&apos;s tasks (with confirmation).</source>
        <translation>Создаёт, завершает, изменяет, ищет и удаляет задачи человека (с подтверждением).</translation>
    </message>
    <message>
        <source>Gives status updates, finds stale tasks, suggests next actions and shows progress.</source>
        <translation>Сообщает о состоянии дел, находит застрявшие задачи, предлагает следующие шаги и показывает прогресс.</translation>
    </message>
</context>
<context>
    <name>AgentDefinitions</name>
    <message>
        <source>There is no folder for your agent files.</source>
        <translation>Нет папки для ваших файлов агентов.</translation>
    </message>
    <message>
        <source>“%1” is not a shipped agent: there is no preset to return to.</source>
        <translation>«%1» — не встроенный агент: возвращать не к чему.</translation>
    </message>
    <message>
        <source>“%1” is shipped with Tandem: it cannot be removed, only reset to its preset.</source>
        <translation>«%1» поставляется с Tandem: его нельзя удалить, только вернуть к предустановке.</translation>
    </message>
    <message>
        <source>There is no agent “%1” to remove.</source>
        <translation>Агента «%1», которого можно удалить, нет.</translation>
    </message>
    <message>
        <source>“%1” could not be removed from the database.</source>
        <translation>Не удалось удалить «%1» из базы данных.</translation>
    </message>
</context>
<context>
    <name>AgentFile</name>
    <message>
        <source>An agent file starts with a line “---”, then its front matter (id, name, …), then a line “---”, then its instructions.</source>
        <translation>Файл агента начинается со строки «---», затем идёт его заголовок (id, name, …), затем строка «---», затем инструкции.</translation>
    </message>
    <message>
        <source>The front matter is not closed: add a line “---” after its last key.</source>
        <translation>Заголовок не закрыт: добавьте строку «---» после его последнего ключа.</translation>
    </message>
    <message>
        <source>Indent with spaces: tabs are not allowed in the front matter.</source>
        <translation>Делайте отступы пробелами: табуляция в заголовке не допускается.</translation>
    </message>
    <message>
        <source>This line is indented, but there is no key above it that it could belong to.</source>
        <translation>Строка с отступом, но выше нет ключа, к которому она могла бы относиться.</translation>
    </message>
    <message>
        <source>“%1” already has a value on its line, so the indented lines below it belong to nothing.</source>
        <translation>У «%1» уже есть значение в той же строке, поэтому строки с отступом под ним ни к чему не относятся.</translation>
    </message>
    <message>
        <source>This list item belongs to no key: put it under a key that takes a list, such as “tools:”.</source>
        <translation>Этот элемент списка не относится ни к одному ключу: поместите его под ключ, принимающий список, например «tools:».</translation>
    </message>
    <message>
        <source>Expected “key: value” here.</source>
        <translation>Здесь ожидается «ключ: значение».</translation>
    </message>
    <message>
        <source>Unknown key “%1”. The keys are: %2.</source>
        <translation>Неизвестный ключ «%1». Допустимые ключи: %2.</translation>
    </message>
    <message>
        <source>“%1” is given twice (first on line %2).</source>
        <translation>«%1» указан дважды (впервые в строке %2).</translation>
    </message>
    <message>
        <source>Unknown escape “\%1” in quoted text: use \&quot;, \\, \n or \t.</source>
        <translation>Неизвестная escape-последовательность «\%1» в тексте в кавычках: используйте \&quot;, \\, \n или \t.</translation>
    </message>
    <message>
        <source>The quoted text is not closed.</source>
        <translation>Текст в кавычках не закрыт.</translation>
    </message>
    <message>
        <source>Unexpected text after the closing quote.</source>
        <translation>Лишний текст после закрывающей кавычки.</translation>
    </message>
    <message>
        <source>Block text (| or &gt;) is not supported: write the value on one line, in quotes if needed.</source>
        <translation>Блочный текст (| или &gt;) не поддерживается: запишите значение в одну строку, при необходимости в кавычках.</translation>
    </message>
    <message>
        <source>Maps in braces ({…}) are not supported: write each key on its own line.</source>
        <translation>Словари в фигурных скобках ({…}) не поддерживаются: запишите каждый ключ на отдельной строке.</translation>
    </message>
    <message>
        <source>This key takes a single value, not a list.</source>
        <translation>Этот ключ принимает одно значение, а не список.</translation>
    </message>
    <message>
        <source>A list item cannot be a list or a map.</source>
        <translation>Элемент списка не может быть списком или словарём.</translation>
    </message>
    <message>
        <source>The list is not closed: end it with “]”.</source>
        <translation>Список не закрыт: завершите его «]».</translation>
    </message>
    <message>
        <source>Unexpected text after the end of the list.</source>
        <translation>Лишний текст после конца списка.</translation>
    </message>
    <message>
        <source>The list has an empty item: remove the extra comma.</source>
        <translation>В списке пустой элемент: уберите лишнюю запятую.</translation>
    </message>
    <message>
        <source>“%1” takes a list: [a, b] on its line, or one “- item” per line below it.</source>
        <translation>«%1» принимает список: [a, b] в той же строке или по одному «- элемент» в строке под ним.</translation>
    </message>
    <message>
        <source>Expected a list item here: “- ” and its value.</source>
        <translation>Здесь ожидается элемент списка: «- » и его значение.</translation>
    </message>
    <message>
        <source>The list item is empty.</source>
        <translation>Элемент списка пуст.</translation>
    </message>
    <message>
        <source>Unknown mode “%1”: use single, dual, pipeline or router.</source>
        <translation>Неизвестный режим «%1»: используйте single, dual, pipeline или router.</translation>
    </message>
    <message>
        <source>“%1” is not a tool name.</source>
        <translation>«%1» — не имя инструмента.</translation>
    </message>
    <message>
        <source>“%1” is listed twice.</source>
        <translation>«%1» указан дважды.</translation>
    </message>
    <message>
        <source>“%1” takes a single value on its own line, not indented lines below it.</source>
        <translation>«%1» принимает одно значение в той же строке, а не строки с отступом под ним.</translation>
    </message>
    <message>
        <source>“%1” is empty.</source>
        <translation>«%1» пуст.</translation>
    </message>
    <message>
        <source>“person” names the human and cannot be an agent&apos;s id.</source>
        <translation>«person» обозначает человека и не может быть id агента.</translation>
    </message>
    <message>
        <source>“%1” is not a valid id: use a-z, 0-9, _ and -, starting with a letter, at most %2 characters.</source>
        <translation>«%1» — недопустимый id: используйте a-z, 0-9, _ и -, начиная с буквы, не более %2 символов.</translation>
    </message>
    <message>
        <source>“%1” is true or false, not “%2”.</source>
        <translation>«%1» — это true или false, а не «%2».</translation>
    </message>
    <message>
        <source>“%1” is a whole number, 0 or more, not “%2”.</source>
        <translation>«%1» — целое число, 0 или больше, а не «%2».</translation>
    </message>
    <message>
        <source>Expected a target here: “- id”, or “- to: id” with its options indented on the lines below.</source>
        <translation>Здесь ожидается цель: «- id» или «- to: id» с параметрами в строках ниже, с отступом.</translation>
    </message>
    <message>
        <source>Unknown target key “%1”: use to, transfer, timing or warm.</source>
        <translation>Неизвестный ключ цели «%1»: используйте to, transfer, timing или warm.</translation>
    </message>
    <message>
        <source>“%1” is given twice for this target.</source>
        <translation>«%1» указан для этой цели дважды.</translation>
    </message>
    <message>
        <source>Unknown timing “%1”: use same_turn or next_turn.</source>
        <translation>Неизвестный момент ответа «%1»: используйте same_turn или next_turn.</translation>
    </message>
    <message>
        <source>This target has no “to”: name the agent it hands over to.</source>
        <translation>У этой цели нет «to»: укажите агента, которому она передаёт работу.</translation>
    </message>
    <message>
        <source>“%1” is not an agent id: use a-z, 0-9, _ and -, starting with a letter, or “person”.</source>
        <translation>«%1» — не id агента: используйте a-z, 0-9, _ и -, начиная с буквы, или «person».</translation>
    </message>
    <message>
        <source>The target “%1” is listed twice (first on line %2).</source>
        <translation>Цель «%1» указана дважды (впервые в строке %2).</translation>
    </message>
    <message>
        <source>The front matter has no “%1”: every agent needs one.</source>
        <translation>В заголовке нет «%1»: он нужен каждому агенту.</translation>
    </message>
    <message>
        <source>An agent cannot hand over to itself: remove “%1” from its targets.</source>
        <translation>Агент не может передать работу самому себе: уберите «%1» из его целей.</translation>
    </message>
    <message>
        <source>A terminal agent never hands over: remove its targets or set terminal: false.</source>
        <translation>Конечный агент никому не передаёт работу: уберите его цели или укажите terminal: false.</translation>
    </message>
    <message>
        <source>“runner” is model or command, not “%1”.</source>
        <translation>«runner» — это model или command, а не «%1».</translation>
    </message>
    <message>
        <source>“runner: command” needs a “command”: the program and its arguments.</source>
        <translation>Для «runner: command» нужен «command»: программа и её аргументы.</translation>
    </message>
    <message>
        <source>“command” is read only with “runner: command”.</source>
        <translation>«command» читается только вместе с «runner: command».</translation>
    </message>
    <message>
        <source>“command” names no program.</source>
        <translation>В «command» не указана программа.</translation>
    </message>
    <message>
        <source>Unknown transfer “%1”: use payload, summary, full_history or reference.</source>
        <translation>Неизвестный способ передачи «%1»: используйте payload, summary, full_history или reference.</translation>
    </message>
</context>
<context>
    <name>AgentFileWriter</name>
    <message>
        <source>%1: the agent “%2” cannot be written so that it reads back the same.</source>
        <translation>%1: агента «%2» нельзя записать так, чтобы он читался обратно без изменений.</translation>
    </message>
    <message>
        <source>%1: its folder cannot be made.</source>
        <translation>%1: не удалось создать папку.</translation>
    </message>
    <message>
        <source>%1: cannot be written: %2</source>
        <translation>%1: не удалось записать: %2</translation>
    </message>
    <message>
        <source>%1: cannot be removed: %2</source>
        <translation>%1: не удалось удалить: %2</translation>
    </message>
</context>
<context>
    <name>AgentOptionsJson</name>
    <message>
        <source>is not a whole number from 0 to %1</source>
        <translation>не является целым числом от 0 до %1</translation>
    </message>
    <message>
        <source>is not an object</source>
        <translation>не является объектом</translation>
    </message>
    <message>
        <source>has too many entries</source>
        <translation>содержит слишком много записей</translation>
    </message>
    <message>
        <source>has an entry for “%1” that is not {transfer, timing, warm} with known values</source>
        <translation>содержит запись для «%1», которая не является {transfer, timing, warm} с известными значениями</translation>
    </message>
    <message>
        <source>is not a list of conversation modes</source>
        <translation>не является списком режимов разговора</translation>
    </message>
    <message>
        <source>names a mode Tandem does not know (“%1”)</source>
        <translation>называет режим, неизвестный Tandem («%1»)</translation>
    </message>
    <message>
        <source>is not a list of at most %1 keywords</source>
        <translation>не список из не более чем %1 ключевых слов</translation>
    </message>
    <message>
        <source>has an entry that is not a text of at most %1 characters</source>
        <translation>содержит элемент, который не является текстом длиной не более %1 символов</translation>
    </message>
    <message>
        <source>is not a text of at most %1 characters</source>
        <translation>не текст длиной не более %1 символов</translation>
    </message>
    <message>
        <source>is not true or false</source>
        <translation>не true и не false</translation>
    </message>
</context>
<context>
    <name>AgentProviders</name>
    <message>
        <source>This conversation has no model provider: choose one in the settings.</source>
        <translation>У этой беседы нет провайдера модели: выберите его в настройках.</translation>
    </message>
    <message>
        <source>The agent “%1” names the provider “%2”, which is not one of the configured providers: add it in Settings → Providers or change the agent&apos;s provider.</source>
        <translation>Агент «%1» указывает провайдера «%2», которого нет среди настроенных провайдеров: добавьте его в Настройки → Провайдеры или смените провайдера агента.</translation>
    </message>
    <message>
        <source>The agent “%1” uses the provider “%2”, which has no API key: add its key in Settings → Providers.</source>
        <translation>Агент «%1» использует провайдера «%2», у которого нет ключа API: добавьте ключ в Настройки → Провайдеры.</translation>
    </message>
</context>
<context>
    <name>AgentsCommand</name>
    <message>
        <source>Usage: tandem agents export-prompts DIR [--conversation ID] [--port N]</source>
        <translation>Использование: tandem agents export-prompts ПАПКА [--conversation ID] [--port N]</translation>
    </message>
    <message>
        <source>Say what to do with the agents: export-prompts.</source>
        <translation>Скажите, что сделать с агентами: export-prompts.</translation>
    </message>
    <message>
        <source>Unknown action “%1”: use export-prompts.</source>
        <translation>Неизвестное действие «%1»: используйте export-prompts.</translation>
    </message>
    <message>
        <source>Give the folder to write the prompts into.</source>
        <translation>Укажите папку, в которую записать промпты.</translation>
    </message>
    <message>
        <source>--port needs a port number from 1 to 65535.</source>
        <translation>--port требует номер порта от 1 до 65535.</translation>
    </message>
    <message>
        <source>There is no conversation %1.</source>
        <translation>Беседы %1 нет.</translation>
    </message>
    <message>
        <source>The folder %1 cannot be made.</source>
        <translation>Не удаётся создать папку %1.</translation>
    </message>
    <message>
        <source>%1 cannot be written: %2</source>
        <translation>Не удаётся записать %1: %2</translation>
    </message>
</context>
<context>
    <name>AppSetup</name>
    <message>
        <source>Tandem: a desktop chat in which several AI agents share one conversation and hand it to each other.</source>
        <translation>Tandem: настольный чат, в котором несколько ИИ-агентов ведут общую беседу и передают её друг другу.</translation>
    </message>
    <message>
        <source>Tandem&apos;s window needs a display, and there is none here (neither DISPLAY nor WAYLAND_DISPLAY is set). The headless commands need none: see tandem --help.</source>
        <translation>Окну Tandem нужен дисплей, а здесь его нет (не задана ни DISPLAY, ни WAYLAND_DISPLAY). Командам без графического интерфейса он не нужен: см. tandem --help.</translation>
    </message>
</context>
<context>
    <name>ApprovalPrompt</name>
    <message>
        <source>Allow %1 with %2? [y]es once / [a]lways for this conversation / [n]o: </source>
        <translation>Разрешить %1 с %2? [д]а, один раз / [в]сегда в этой беседе / [н]ет: </translation>
    </message>
    <message>
        <source>Answer y (yes, once), a (always for this conversation) or n (no): </source>
        <translation>Ответьте д (да, один раз), в (всегда в этой беседе) или н (нет); подходят и y, a, n: </translation>
    </message>
</context>
<context>
    <name>ArchiveWriter</name>
    <message>
        <source>The database could not start a transaction: %1</source>
        <translation>База данных не смогла начать транзакцию: %1</translation>
    </message>
    <message>
        <source>The import could not be saved: %1</source>
        <translation>Импорт не удалось сохранить: %1</translation>
    </message>
</context>
<context>
    <name>ArgumentsPreview</name>
    <message numerus="yes">
        <source>… (%n characters in all)</source>
        <translation>
            <numerusform>… (всего %n символ)</numerusform>
            <numerusform>… (всего %n символа)</numerusform>
            <numerusform>… (всего %n символов)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more fields</source>
        <translation>
            <numerusform>… и ещё %n поле</numerusform>
            <numerusform>… и ещё %n поля</numerusform>
            <numerusform>… и ещё %n полей</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BoardCommand</name>
    <message>
        <source>Usage: tandem board password URL</source>
        <translation>Использование: tandem board password URL</translation>
    </message>
    <message>
        <source>Say what to do with the board: password.</source>
        <translation>Укажите, что сделать с доской: password.</translation>
    </message>
    <message>
        <source>Unknown action “%1”: use password.</source>
        <translation>Неизвестное действие «%1»: используйте password.</translation>
    </message>
    <message>
        <source>Password for %1 (not shown; an empty one removes it): </source>
        <translation>Пароль для %1 (не отображается; пустой удаляет его): </translation>
    </message>
    <message>
        <source>The keychain did not take the password: %1</source>
        <translation>Связка ключей не приняла пароль: %1</translation>
    </message>
    <message>
        <source>There is no keychain: the password cannot be kept for tandem serve.</source>
        <translation>Связки ключей нет: пароль нельзя сохранить для tandem serve.</translation>
    </message>
    <message>
        <source>The password of %1 was removed from the keychain.</source>
        <translation>Пароль %1 удалён из связки ключей.</translation>
    </message>
    <message>
        <source>The password of %1 is in the keychain.</source>
        <translation>Пароль %1 сохранён в связке ключей.</translation>
    </message>
</context>
<context>
    <name>Bubblewrap</name>
    <message>
        <source>bubblewrap (bwrap) is not installed; install the package &quot;bubblewrap&quot;.</source>
        <translation>bubblewrap (bwrap) не установлен; установите пакет «bubblewrap».</translation>
    </message>
    <message>
        <source>bubblewrap cannot create its namespaces here (%1).</source>
        <translation>bubblewrap не может создать здесь свои пространства имён (%1).</translation>
    </message>
    <message>
        <source>no message</source>
        <translation>без сообщения</translation>
    </message>
</context>
<context>
    <name>Calculator</name>
    <message>
        <source>The expression is incomplete: a number, a name or &quot;(&quot; is missing at the end.</source>
        <translation>Выражение не завершено: в конце не хватает числа, имени или «(».</translation>
    </message>
    <message>
        <source>Unexpected &quot;)&quot; at position %1: it has no matching &quot;(&quot;.</source>
        <translation>Неожиданная «)» в позиции %1: для неё нет парной «(».</translation>
    </message>
    <message>
        <source>An operator is missing at position %1; write multiplication with *, e.g. 2*pi.</source>
        <translation>В позиции %1 не хватает оператора; умножение записывается через *, например 2*pi.</translation>
    </message>
    <message>
        <source>Unexpected character &quot;%1&quot; at position %2.</source>
        <translation>Неожиданный символ «%1» в позиции %2.</translation>
    </message>
    <message>
        <source>The result is not a real number.</source>
        <translation>Результат не является действительным числом.</translation>
    </message>
    <message>
        <source>The result is too large (overflow).</source>
        <translation>Результат слишком велик (переполнение).</translation>
    </message>
    <message>
        <source>Division by zero.</source>
        <translation>Деление на ноль.</translation>
    </message>
    <message>
        <source>Division by zero in the remainder (%) at position %1.</source>
        <translation>Деление на ноль при вычислении остатка (%) в позиции %1.</translation>
    </message>
    <message>
        <source>The expression is nested too deeply.</source>
        <translation>Слишком глубокая вложенность выражения.</translation>
    </message>
    <message>
        <source>The &quot;(&quot; at position %1 is never closed.</source>
        <translation>Скобка «(» в позиции %1 не закрыта.</translation>
    </message>
    <message>
        <source>A lone &quot;.&quot; at position %1 is not a number.</source>
        <translation>Одиночная «.» в позиции %1 не является числом.</translation>
    </message>
    <message>
        <source>The number at position %1 is too large.</source>
        <translation>Число в позиции %1 слишком велико.</translation>
    </message>
    <message>
        <source>The function %1 at position %2 needs its arguments in parentheses, e.g. %1(2).</source>
        <translation>Аргументы функции %1 в позиции %2 нужно указать в скобках, например %1(2).</translation>
    </message>
    <message>
        <source>Unknown name &quot;%1&quot; at position %2. Functions: %3. Constants: pi, e.</source>
        <translation>Неизвестное имя «%1» в позиции %2. Функции: %3. Константы: pi, e.</translation>
    </message>
    <message numerus="yes">
        <source>%1 takes at least %n argument(s).</source>
        <translation>
            <numerusform>%1 принимает не менее %n аргумента.</numerusform>
            <numerusform>%1 принимает не менее %n аргументов.</numerusform>
            <numerusform>%1 принимает не менее %n аргументов.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 takes %n argument(s), not %2.</source>
        <translation>
            <numerusform>%1 принимает %n аргумент, а не %2.</numerusform>
            <numerusform>%1 принимает %n аргумента, а не %2.</numerusform>
            <numerusform>%1 принимает %n аргументов, а не %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>The square root of a negative number (%1) is not a real number.</source>
        <translation>Квадратный корень из отрицательного числа (%1) не является действительным числом.</translation>
    </message>
    <message>
        <source>The second argument of round must be a whole number of decimals between -15 and 15.</source>
        <translation>Второй аргумент round должен быть целым числом знаков после запятой от -15 до 15.</translation>
    </message>
    <message>
        <source>The logarithm of %1 is undefined; it needs a positive number.</source>
        <translation>Логарифм %1 не определён; нужно положительное число.</translation>
    </message>
    <message>
        <source>The base of a logarithm must be positive and not 1.</source>
        <translation>Основание логарифма должно быть положительным и не равным 1.</translation>
    </message>
    <message>
        <source>%1 needs a number between -1 and 1, not %2.</source>
        <translation>Для %1 нужно число от -1 до 1, а не %2.</translation>
    </message>
    <message>
        <source>Unknown function %1.</source>
        <translation>Неизвестная функция %1.</translation>
    </message>
    <message>
        <source>The expression is empty.</source>
        <translation>Выражение пустое.</translation>
    </message>
    <message numerus="yes">
        <source>%1 takes %2 or %n arguments, not %3.</source>
        <translation>
            <numerusform>%1 принимает %2 или %n аргумент, а не %3.</numerusform>
            <numerusform>%1 принимает %2 или %n аргумента, а не %3.</numerusform>
            <numerusform>%1 принимает %2 или %n аргументов, а не %3.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The expression is longer than %n characters.</source>
        <translation>
            <numerusform>Выражение длиннее %n символа.</numerusform>
            <numerusform>Выражение длиннее %n символов.</numerusform>
            <numerusform>Выражение длиннее %n символов.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CaseFile</name>
    <message>
        <source>The case file “%1” cannot be read: %2</source>
        <translation>Файл примеров «%1» не читается: %2</translation>
    </message>
    <message>
        <source>%1:%2: a case is one JSON object on one line.</source>
        <translation>%1:%2: пример — это один объект JSON в одной строке.</translation>
    </message>
    <message>
        <source>The case file “%1” holds no case.</source>
        <translation>В файле примеров «%1» нет ни одного примера.</translation>
    </message>
</context>
<context>
    <name>ChatCommand</name>
    <message>
        <source>One message a line. Ctrl+C stops a reply; Ctrl+D (or Ctrl+C here) ends the chat.</source>
        <translation>По сообщению в строке. Ctrl+C останавливает ответ; Ctrl+D (или Ctrl+C здесь) завершает беседу.</translation>
    </message>
</context>
<context>
    <name>CliCommands</name>
    <message>
        <source>There is no conversation %1.</source>
        <translation>Беседа %1 не найдена.</translation>
    </message>
    <message>
        <source>Unknown provider “%1”: give a stored profile&apos;s id or a base URL such as http://127.0.0.1:11434/v1.</source>
        <translation>Неизвестный провайдер «%1»: укажите id сохранённого профиля или базовый URL, например http://127.0.0.1:11434/v1.</translation>
    </message>
    <message>
        <source>Conversation %1</source>
        <translation>Беседа %1</translation>
    </message>
    <message>
        <source>The message could not be stored.</source>
        <translation>Не удалось сохранить сообщение.</translation>
    </message>
    <message>
        <source>Keep the database in &lt;folder&gt;.</source>
        <translation>Хранить базу данных в папке &lt;папка&gt;.</translation>
    </message>
    <message>
        <source>folder</source>
        <translation>папка</translation>
    </message>
    <message>
        <source>mode</source>
        <translation>режим</translation>
    </message>
    <message>
        <source>A stored provider profile&apos;s id, or a base URL ending in /v1.</source>
        <translation>Id сохранённого профиля провайдера или базовый URL, оканчивающийся на /v1.</translation>
    </message>
    <message>
        <source>provider</source>
        <translation>провайдер</translation>
    </message>
    <message>
        <source>The model to use.</source>
        <translation>Используемая модель.</translation>
    </message>
    <message>
        <source>model</source>
        <translation>модель</translation>
    </message>
    <message>
        <source>id</source>
        <translation>id</translation>
    </message>
    <message>
        <source>For a base URL: responses or chat (default chat).</source>
        <translation>Для базового URL: responses или chat (по умолчанию chat).</translation>
    </message>
    <message>
        <source>protocol</source>
        <translation>протокол</translation>
    </message>
    <message>
        <source>The folder the file tools may use.</source>
        <translation>Папка, с которой могут работать файловые инструменты.</translation>
    </message>
    <message>
        <source>Usage: tandem show ID</source>
        <translation>Использование: tandem show ID</translation>
    </message>
    <message>
        <source>The base URL contains a user name or password. Give the URL without it and the key in the environment variable TANDEM_API_KEY.</source>
        <translation>Базовый URL содержит имя пользователя или пароль. Укажите URL без них, а ключ — в переменной окружения TANDEM_API_KEY.</translation>
    </message>
    <message>
        <source>The base URL contains the secret parameter “%1”. Give the URL without it and the key in the environment variable TANDEM_API_KEY.</source>
        <translation>Базовый URL содержит секретный параметр «%1». Укажите URL без него, а ключ — в переменной окружения TANDEM_API_KEY.</translation>
    </message>
    <message>
        <source>Unknown protocol “%1”: use responses or chat.</source>
        <translation>Неизвестный протокол «%1»: используйте responses или chat.</translation>
    </message>
    <message>
        <source>No provider given: add --provider with a stored profile&apos;s id or a base URL.</source>
        <translation>Провайдер не указан: добавьте --provider с id сохранённого профиля или базовым URL.</translation>
    </message>
    <message>
        <source>The message is empty: write it after the options, in quotes.</source>
        <translation>Сообщение пустое: напишите его после параметров, в кавычках.</translation>
    </message>
    <message>
        <source>The conversation&apos;s mode could not be stored.</source>
        <translation>Не удалось сохранить режим беседы.</translation>
    </message>
    <message>
        <source>The conversation could not be stored.</source>
        <translation>Не удалось сохранить беседу.</translation>
    </message>
    <message>
        <source>The conversation could not be read.</source>
        <translation>Не удалось прочитать беседу.</translation>
    </message>
    <message>
        <source>The conversation&apos;s provider could not be stored.</source>
        <translation>Не удалось сохранить провайдера беседы.</translation>
    </message>
    <message>
        <source>Also print what Tandem does (log lines) on standard error.</source>
        <translation>Также выводить в стандартный поток ошибок, что делает Tandem (строки журнала).</translation>
    </message>
    <message>
        <source>Unknown command “%1”. The commands are: %2.</source>
        <translation>Неизвестная команда «%1». Команды: %2.</translation>
    </message>
    <message>
        <source>Unknown command “%1”. Did you mean “%2”?</source>
        <translation>Неизвестная команда «%1». Возможно, вы имели в виду «%2»?</translation>
    </message>
    <message>
        <source>Export format: md, json, html, pdf or txt.</source>
        <translation>Формат экспорта: md, json, html, pdf или txt.</translation>
    </message>
    <message>
        <source>format</source>
        <translation>формат</translation>
    </message>
    <message>
        <source>The file (or folder) to export to.</source>
        <translation>Файл (или папка), куда экспортировать.</translation>
    </message>
    <message>
        <source>path</source>
        <translation>путь</translation>
    </message>
    <message>
        <source>Export every conversation.</source>
        <translation>Экспортировать все беседы.</translation>
    </message>
    <message>
        <source>If another Tandem process is answering the conversation, wait this long for its turn (default 60).</source>
        <translation>Если беседа сейчас отвечает в другом процессе Tandem, ждать её очереди столько секунд (по умолчанию 60).</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>секунды</translation>
    </message>
    <message>
        <source>--wait needs a number of seconds (0 or more).</source>
        <translation>--wait требует число секунд (0 или больше).</translation>
    </message>
    <message>
        <source>Conversation %1 is answering in another Tandem process (%2); gave up waiting after %3 s. Send the message again when it is done.</source>
        <translation>Беседа %1 сейчас отвечает в другом процессе Tandem (%2); ожидание прекращено через %3 с. Отправьте сообщение ещё раз, когда ответ закончится.</translation>
    </message>
    <message>
        <source>Set a variable of the conversation that the agents&apos; prompts use as $NAME (NAME in capitals, such as STORY_ID), before the turn. Repeat it for several.</source>
        <translation>Задать перед ходом переменную беседы, которую промпты агентов используют как $NAME (NAME заглавными буквами, например STORY_ID). Повторите для нескольких.</translation>
    </message>
    <message>
        <source>NAME=value</source>
        <translation>NAME=значение</translation>
    </message>
    <message>
        <source>The conversation&apos;s variable %1 could not be stored.</source>
        <translation>Не удалось сохранить переменную беседы %1.</translation>
    </message>
    <message>
        <source>handoff create: the agent handing over.</source>
        <translation>handoff create: агент, который передаёт работу.</translation>
    </message>
    <message>
        <source>agent</source>
        <translation>агент</translation>
    </message>
    <message>
        <source>handoff create: the agent (or person) receiving the work.</source>
        <translation>handoff create: агент (или человек), который получает работу.</translation>
    </message>
    <message>
        <source>handoff create: what travels, a JSON object.</source>
        <translation>handoff create: что передаётся, объект JSON.</translation>
    </message>
    <message>
        <source>json</source>
        <translation>json</translation>
    </message>
    <message>
        <source>handoff create or reject: why.</source>
        <translation>handoff create или reject: почему.</translation>
    </message>
    <message>
        <source>text</source>
        <translation>текст</translation>
    </message>
    <message>
        <source>handoffs: the pending ones older than this many minutes.</source>
        <translation>handoffs: ожидающие передачи старше стольких минут.</translation>
    </message>
    <message>
        <source>minutes</source>
        <translation>минуты</translation>
    </message>
    <message>
        <source>serve, agents export-prompts: the local API&apos;s port (0: a free one).</source>
        <translation>serve, agents export-prompts: порт локального API (0 — любой свободный).</translation>
    </message>
    <message>
        <source>port</source>
        <translation>порт</translation>
    </message>
    <message>
        <source>serve: also print the local API&apos;s token.</source>
        <translation>serve: вывести также токен локального API.</translation>
    </message>
    <message>
        <source>“%1” needs the full tandem executable, which is not installed beside tandem-cli.</source>
        <translation>Для «%1» нужен полный исполняемый файл tandem, а рядом с tandem-cli его нет.</translation>
    </message>
    <message>
        <source>single, dual (agent 1 clarifies, agent 2 answers), pipeline or router (an orchestrator picks the agent).</source>
        <translation>single, dual (агент 1 уточняет запрос, агент 2 отвечает), pipeline или router (оркестратор выбирает агента).</translation>
    </message>
    <message>
        <source>run: this agent answers, without router mode&apos;s orchestrator.</source>
        <translation>run: отвечает этот агент, без оркестратора режима маршрутизатора.</translation>
    </message>
    <message>
        <source>eval-routing: exit with 7 below this share of right answers (0 to 1).</source>
        <translation>eval-routing: завершиться с кодом 7, если доля верных ответов ниже этой (от 0 до 1).</translation>
    </message>
    <message>
        <source>share</source>
        <translation>доля</translation>
    </message>
    <message>
        <source>handoffs, handoff: print the local API&apos;s JSON; metrics: print JSON.</source>
        <translation>handoffs, handoff: вывести JSON в формате локального API; metrics: вывести JSON.</translation>
    </message>
    <message>
        <source>Unknown mode “%1”: use single, dual, pipeline or router.</source>
        <translation>Неизвестный режим «%1»: используйте single, dual, pipeline или router.</translation>
    </message>
    <message>
        <source>There is no enabled agent “%1”.</source>
        <translation>Нет включённого агента «%1».</translation>
    </message>
    <message>
        <source>See: tandem help</source>
        <translation>См.: tandem help</translation>
    </message>
    <message>
        <source>The conversation with this id: run and chat continue it (then --provider may be left out if it has a stored provider), export writes it (repeat for several), the others read it.</source>
        <translation>Беседа с этим id: run и chat продолжают её (тогда --provider можно не указывать, если у неё сохранённый провайдер), export записывает её (повторите для нескольких), остальные команды читают её.</translation>
    </message>
    <message>
        <source>run, chat: let the tool NAME run without asking, each of its calls during this command (for scripts; repeat for several tools). Without it, a tool that needs approval is asked about on the terminal.</source>
        <translation>run, chat: выполнять инструмент NAME без вопроса, каждый его вызов во время этой команды (для скриптов; повторите для нескольких инструментов). Без этого о инструменте, которому нужно подтверждение, спрашивают в терминале.</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>NAME</translation>
    </message>
    <message>
        <source>Conversation %1 has no stored provider (a base URL given with --provider is used for that command only): add --provider with a stored profile&apos;s id or the base URL.</source>
        <translation>У беседы %1 нет сохранённого провайдера (базовый URL из --provider используется только для той команды): добавьте --provider с id сохранённого профиля или базовым URL.</translation>
    </message>
    <message>
        <source>--allow-tool: there is no tool “%1”. The tools are: %2.</source>
        <translation>--allow-tool: инструмента «%1» нет. Инструменты: %2.</translation>
    </message>
    <message>
        <source>Usage: tandem chat --mode single|dual|pipeline|router --provider &lt;profile or base URL&gt; [--model M] [--conversation ID] [--agent ID] [--protocol responses|chat] [--var NAME=value]... [--allow-tool NAME]... (the messages on standard input, one a line)</source>
        <translation>Использование: tandem chat --mode single|dual|pipeline|router --provider &lt;профиль или базовый URL&gt; [--model M] [--conversation ID] [--agent ID] [--protocol responses|chat] [--var NAME=значение]... [--allow-tool NAME]... (сообщения — со стандартного ввода, по одному в строке)</translation>
    </message>
    <message>
        <source>Usage: tandem run --mode single|dual|pipeline|router --provider &lt;profile or base URL&gt; [--model M] [--conversation ID] [--agent ID] [--protocol responses|chat] [--var NAME=value]... [--allow-tool NAME]... &quot;message&quot;</source>
        <translation>Использование: tandem run --mode single|dual|pipeline|router --provider &lt;профиль или базовый URL&gt; [--model M] [--conversation ID] [--agent ID] [--protocol responses|chat] [--var NAME=значение]... [--allow-tool NAME]... &quot;сообщение&quot;</translation>
    </message>
    <message>
        <source>“%1” needs your approval (request %2): run again on a terminal to be asked, with --allow-tool %1, or decide in Tandem&apos;s window.</source>
        <translation>Для «%1» нужно ваше подтверждение (запрос %2): запустите снова в терминале, чтобы ответить на вопрос, или с --allow-tool %1, или решите в окне Tandem.</translation>
    </message>
    <message>
        <source>The decision could not be stored.</source>
        <translation>Не удалось сохранить решение.</translation>
    </message>
    <message>
        <source>export-prompts DIR [--conversation ID] [--port N]: write the pipeline&apos;s agent files with DASHBOARD_URL, STORY_ID and BRANCH filled in</source>
        <translation>export-prompts ПАПКА [--conversation ID] [--port N]: записать файлы агентов конвейера с подставленными DASHBOARD_URL, STORY_ID и BRANCH</translation>
    </message>
    <message>
        <source>one conversation from standard input, a message a line (the options of run)</source>
        <translation>одна беседа со стандартного ввода, по сообщению в строке (параметры как у run)</translation>
    </message>
    <message>
        <source>Commands:</source>
        <translation>Команды:</translation>
    </message>
    <message>
        <source>this list; help COMMAND (or COMMAND --help): that command&apos;s usage, options and examples</source>
        <translation>этот список; help КОМАНДА (или КОМАНДА --help): использование, параметры и примеры этой команды</translation>
    </message>
    <message>
        <source>The API key of a stored provider comes from the keychain; for a base URL, from TANDEM_API_KEY.</source>
        <translation>API-ключ сохранённого провайдера берётся из связки ключей; для базового URL — из TANDEM_API_KEY.</translation>
    </message>
    <message>
        <source>list the stored conversations</source>
        <translation>вывести список сохранённых бесед</translation>
    </message>
    <message>
        <source>classify each case of a JSONL file as router mode would: CASES.jsonl [--provider P] [--min-accuracy X]</source>
        <translation>классифицировать каждый пример файла JSONL, как это делает маршрутизатор: CASES.jsonl [--provider P] [--min-accuracy X]</translation>
    </message>
    <message>
        <source>write conversations to a file: --conversation ID|--all --format md|json|html|pdf|txt -o PATH (a folder: one file per conversation)</source>
        <translation>записать беседы в файл: --conversation ID|--all --format md|json|html|pdf|txt -o ПУТЬ (папка: по файлу на беседу)</translation>
    </message>
    <message>
        <source>add the conversations of a Tandem JSON export as new ones</source>
        <translation>добавить беседы из JSON-экспорта Tandem как новые</translation>
    </message>
    <message>
        <source>print a conversation&apos;s handoff board: --conversation ID [--json], or --stale MINUTES</source>
        <translation>вывести доску передач беседы: --conversation ID [--json] или --stale МИНУТЫ</translation>
    </message>
    <message>
        <source>print router mode&apos;s metrics per agent: [--conversation ID] [--json]</source>
        <translation>вывести метрики режима маршрутизатора по агентам: [--conversation ID] [--json]</translation>
    </message>
    <message>
        <source>send a message and stream the answer with its handoffs; a tool that needs approval is asked about on the terminal (or allowed with --allow-tool)</source>
        <translation>отправить сообщение и выводить ответ вместе с передачами; об инструменте, которому нужно подтверждение, спрашивают в терминале (или его разрешает --allow-tool)</translation>
    </message>
    <message>
        <source>print one conversation with its dividers</source>
        <translation>вывести одну беседу с разделителями</translation>
    </message>
    <message>
        <source>mcp add: the Streamable HTTP address of the MCP server.</source>
        <translation>mcp add: адрес Streamable HTTP MCP-сервера.</translation>
    </message>
    <message>
        <source>url</source>
        <translation>адрес</translation>
    </message>
    <message>
        <source>mcp add: an HTTP header the server wants (repeat for several); its value goes to the keychain.</source>
        <translation>mcp add: HTTP-заголовок, который нужен серверу (повторите для нескольких); его значение сохраняется в связке ключей.</translation>
    </message>
    <message>
        <source>Name: value</source>
        <translation>Имя: значение</translation>
    </message>
    <message>
        <source>mcp add: a variable of the server&apos;s environment (repeat for several).</source>
        <translation>mcp add: переменная окружения сервера (повторите для нескольких).</translation>
    </message>
    <message>
        <source>list, add, remove or show the tools of the MCP servers Tandem&apos;s agents may use</source>
        <translation>показать, добавить или удалить MCP-серверы, которыми могут пользоваться агенты Tandem, или вывести их инструменты</translation>
    </message>
    <message>
        <source>The conversation of this story (a story id, such as v0.1:1.1.1, or a conversation&apos;s id): run and chat start it for that story or continue it, handoffs and handoff act on its board.</source>
        <translation>Беседа этой истории (id истории, например v0.1:1.1.1, или id беседы): run и chat начинают её для этой истории или продолжают, handoffs и handoff работают с её доской.</translation>
    </message>
    <message>
        <source>story</source>
        <translation>история</translation>
    </message>
    <message>
        <source>act on the board: create --story STORY --from A --to B [--payload JSON], accept ID, reject ID --reason TEXT, timeout ID, cleanup --story STORY</source>
        <translation>действовать на доске: create --story ИСТОРИЯ --from A --to B [--payload JSON], accept ID, reject ID --reason ТЕКСТ, timeout ID, cleanup --story ИСТОРИЯ</translation>
    </message>
    <message>
        <source>--story needs a story id, such as v0.1:1.1.1.</source>
        <translation>--story нужен id истории, например v0.1:1.1.1.</translation>
    </message>
    <message>
        <source>There is no story %1 yet: give --provider to start it.</source>
        <translation>Истории %1 ещё нет: укажите --provider, чтобы начать её.</translation>
    </message>
    <message>
        <source>start or stop a pipeline&apos;s story: start --story STORY [--payload JSON], stop --story STORY</source>
        <translation>запустить или остановить историю конвейера: start --story STORY [--payload JSON], stop --story STORY</translation>
    </message>
    <message>
        <source>Exit codes: 0 success, 1 storage error (the database or the keychain), 2 usage error, 3 provider error, 4 stopped by a guardrail, 5 a tool waits for approval (no terminal to ask on, no --allow-tool), 6 cancelled, 7 routing accuracy below --min-accuracy (eval-agents: fewer cases passed than --min-pass), 8 the conversation is busy (answering in another Tandem process for longer than --wait).</source>
        <translation>Коды выхода: 0 — успех, 1 — ошибка хранилища (база данных или связка ключей), 2 — ошибка использования, 3 — ошибка провайдера, 4 — остановлено ограничителем, 5 — инструмент ждёт подтверждения (нет терминала, чтобы спросить, и нет --allow-tool), 6 — отменено, 7 — точность маршрутизации ниже --min-accuracy (eval-agents: пройдено меньше примеров, чем --min-pass), 8 — беседа занята (отвечает в другом процессе Tandem дольше, чем --wait).</translation>
    </message>
    <message>
        <source>eval-agents: exit with 7 when fewer cases than this passed (a number, or a percentage such as 90%).</source>
        <translation>eval-agents: завершиться с кодом 7, если пройдено меньше примеров (число или процент, например 90%).</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>eval-agents: the cases go through router mode&apos;s orchestrator (the default).</source>
        <translation>eval-agents: примеры проходят через оркестратор режима маршрутизации (по умолчанию).</translation>
    </message>
    <message>
        <source>run each case of a JSONL file against an agent or the router and check what it did: CASES.jsonl [--agent ID|--router] [--min-pass N]</source>
        <translation>прогнать каждый пример файла JSONL через агента или маршрутизатор и проверить, что он сделал: CASES.jsonl [--agent ID|--router] [--min-pass N]</translation>
    </message>
    <message>
        <source>%1 or help</source>
        <extracomment>%1 is the list of the commands&apos; names, separated by commas (they are not translated).</extracomment>
        <translation>%1 или help</translation>
    </message>
    <message>
        <source>serve: listen on this address (and port); beyond 127.0.0.1 only with --tls-cert and --tls-key, and with per-agent tokens.</source>
        <translation>serve: слушать этот адрес (и порт); за пределами 127.0.0.1 только с --tls-cert и --tls-key и с токенами агентов.</translation>
    </message>
    <message>
        <source>address[:port]</source>
        <translation>адрес[:порт]</translation>
    </message>
    <message>
        <source>serve: the server&apos;s certificate (PEM) for HTTPS.</source>
        <translation>serve: сертификат сервера (PEM) для HTTPS.</translation>
    </message>
    <message>
        <source>file</source>
        <translation>файл</translation>
    </message>
    <message>
        <source>serve: the certificate&apos;s private key (PEM, no pass phrase).</source>
        <translation>serve: закрытый ключ сертификата (PEM, без парольной фразы).</translation>
    </message>
    <message>
        <source>tokens create: the token&apos;s role, an agent of the pipeline (analyst, implementer, reviewer, refactorer, documenter), admin or observer.</source>
        <translation>tokens create: роль токена — агент конвейера (analyst, implementer, reviewer, refactorer, documenter), admin или observer.</translation>
    </message>
    <message>
        <source>role</source>
        <translation>роль</translation>
    </message>
    <message>
        <source>the per-agent tokens of a server beyond loopback: create NAME --role ROLE, list, revoke NAME</source>
        <translation>токены агентов для сервера за пределами loopback: create NAME --role ROLE, list, revoke NAME</translation>
    </message>
    <message>
        <source>serve: the team&apos;s board on PostgreSQL, postgresql://USER@HOST[:PORT]/DATABASE[?sslmode=require] (its password from the keychain: tandem board password URL).</source>
        <translation>serve: доска команды в PostgreSQL, postgresql://USER@HOST[:PORT]/DATABASE[?sslmode=require] (её пароль берётся из связки ключей: tandem board password URL).</translation>
    </message>
    <message>
        <source>password URL: store a team board&apos;s password in the keychain, read from standard input</source>
        <translation>password URL: сохранить пароль доски команды в связке ключей, прочитав его со стандартного ввода</translation>
    </message>
    <message>
        <source>run the local API (the handoff board over HTTP on 127.0.0.1) until stopped: [--port N] [--print-token] [--listen ADDRESS[:PORT] --tls-cert FILE --tls-key FILE] [--board URL]</source>
        <translation>запустить локальный API (доска передач по HTTP на 127.0.0.1) до остановки: [--port N] [--print-token] [--listen ADDRESS[:PORT] --tls-cert FILE --tls-key FILE] [--board URL]</translation>
    </message>
    <message>
        <source>show: print this branch instead of the current one: the id of its last message, or its number in --tree&apos;s list.</source>
        <translation>show: вывести эту ветку вместо текущей: id её последнего сообщения или её номер в списке --tree.</translation>
    </message>
    <message>
        <source>leaf</source>
        <translation>лист</translation>
    </message>
    <message>
        <source>show: print the conversation&apos;s tree of messages, the current branch marked.</source>
        <translation>show: вывести дерево сообщений беседы с отмеченной текущей веткой.</translation>
    </message>
    <message>
        <source>run: with --conversation, the message is a new version of the person&apos;s message ID; the old one stays on its branch.</source>
        <translation>run: вместе с --conversation сообщение становится новой версией сообщения человека ID; старое остаётся в своей ветке.</translation>
    </message>
    <message>
        <source>--edit takes the id of one of the person&apos;s messages of the conversation given with --conversation.</source>
        <translation>--edit принимает id одного из сообщений человека в беседе, указанной в --conversation.</translation>
    </message>
    <message>
        <source>Conversation %1 has no branch %2 (see tandem show %1 --tree).</source>
        <translation>В беседе %1 нет ветки %2 (см. tandem show %1 --tree).</translation>
    </message>
</context>
<context>
    <name>CommandHelp</name>
    <message>
        <source>tandem run --provider PROFILE|URL [options] &quot;message&quot;</source>
        <translation>tandem run --provider ПРОФИЛЬ|URL [параметры] &quot;сообщение&quot;</translation>
    </message>
    <message>
        <source>Sends one message and streams the answer, with its dividers and tool calls, to standard output; the turn is stored as the window stores it. Without --conversation a new conversation is started and its id printed first. A tool that needs approval is asked about on the terminal; in a script, --allow-tool lets it run.</source>
        <translation>Отправляет одно сообщение и выводит ответ по мере поступления, с разделителями и вызовами инструментов, в стандартный вывод; ход сохраняется так же, как в окне. Без --conversation начинается новая беседа, и первым выводится её id. Об инструменте, которому нужно подтверждение, спрашивают в терминале; в скрипте его разрешает --allow-tool.</translation>
    </message>
    <message>
        <source>tandem chat --provider PROFILE|URL [options]</source>
        <translation>tandem chat --provider ПРОФИЛЬ|URL [параметры]</translation>
    </message>
    <message>
        <source>One conversation from standard input, a message a line, each answered in turn (the options of run). On a terminal, with a prompt: Ctrl+C stops a reply, Ctrl+D ends the chat. Piped, as a batch that stops at the first turn that fails, with its exit code.</source>
        <translation>Одна беседа со стандартного ввода, по сообщению в строке, каждое получает ответ по очереди (параметры как у run). В терминале — с приглашением: Ctrl+C останавливает ответ, Ctrl+D завершает беседу. Через конвейер — пакетом, который останавливается на первом неудачном ходе с его кодом выхода.</translation>
    </message>
    <message>
        <source>tandem conversations</source>
        <translation>tandem conversations</translation>
    </message>
    <message>
        <source>Lists the stored conversations, one a line: id, mode, last activity and title, separated by tabs.</source>
        <translation>Выводит сохранённые беседы, по одной в строке: id, режим, последняя активность и название, через табуляцию.</translation>
    </message>
    <message>
        <source>tandem show ID</source>
        <translation>tandem show ID</translation>
    </message>
    <message>
        <source>tandem export --conversation ID [--conversation ID …] | --all [--format md|json|html|pdf|txt] -o PATH</source>
        <translation>tandem export --conversation ID [--conversation ID …] | --all [--format md|json|html|pdf|txt] -o ПУТЬ</translation>
    </message>
    <message>
        <source>Writes conversations to a file, or to a folder with one file per conversation. Without --format, the suffix of the path decides. New files are readable by their owner only, like the database.</source>
        <translation>Записывает беседы в файл или в папку, по файлу на беседу. Без --format формат определяется по расширению пути. Новые файлы доступны для чтения только владельцу, как и база данных.</translation>
    </message>
    <message>
        <source>tandem import FILE</source>
        <translation>tandem import ФАЙЛ</translation>
    </message>
    <message>
        <source>Adds the conversations of a Tandem JSON export as new ones and prints their new ids.</source>
        <translation>Добавляет беседы из JSON-экспорта Tandem как новые и выводит их новые id.</translation>
    </message>
    <message>
        <source>Acts on the handoff board as an outside agent does through the local API, and prints the handoff it made or changed. A transition outside the table, an unknown id or a handoff that is not pending is refused.</source>
        <translation>Действует на доске передач так же, как внешний агент через локальный API, и выводит созданную или изменённую передачу. Переход вне таблицы, неизвестный id или передача, которая уже не ожидает, отклоняются.</translation>
    </message>
    <message>
        <source>tandem agents export-prompts DIR [--conversation ID] [--port N]</source>
        <translation>tandem agents export-prompts ПАПКА [--conversation ID] [--port N]</translation>
    </message>
    <message>
        <source>Writes the pipeline&apos;s agent files into DIR with DASHBOARD_URL, STORY_ID and BRANCH filled in, for an outside agent to read.</source>
        <translation>Записывает файлы агентов конвейера в ПАПКУ с подставленными DASHBOARD_URL, STORY_ID и BRANCH, чтобы их прочитал внешний агент.</translation>
    </message>
    <message>
        <source>tandem metrics [--conversation ID] [--json]</source>
        <translation>tandem metrics [--conversation ID] [--json]</translation>
    </message>
    <message>
        <source>Prints router mode&apos;s figures per agent and in total: turns, model calls, handoffs, rejections, tokens, latency, and every routing decision.</source>
        <translation>Выводит показатели режима маршрутизатора по агентам и в сумме: ходы, вызовы модели, передачи, отклонения, токены, задержку и каждое решение маршрутизации.</translation>
    </message>
    <message>
        <source>tandem eval-routing CASES.jsonl [--provider PROFILE|URL] [--min-accuracy X]</source>
        <translation>tandem eval-routing CASES.jsonl [--provider ПРОФИЛЬ|URL] [--min-accuracy X]</translation>
    </message>
    <message>
        <source>Classifies each case of a JSONL file ({&quot;message&quot;: …, &quot;expected&quot;: …} a line) as router mode would, and prints the accuracy, a confusion table and the cases routed wrong.</source>
        <translation>Классифицирует каждый случай из файла JSONL ({&quot;message&quot;: …, &quot;expected&quot;: …} в строке) так, как это сделал бы режим маршрутизатора, и выводит точность, таблицу ошибок и неверно направленные случаи.</translation>
    </message>
    <message>
        <source>tandem help [COMMAND]</source>
        <translation>tandem help [КОМАНДА]</translation>
    </message>
    <message>
        <source>Without a command, every command and option; with one, that command&apos;s help (as tandem COMMAND --help).</source>
        <translation>Без команды — все команды и параметры; с командой — справка по ней (как tandem КОМАНДА --help).</translation>
    </message>
    <message>
        <source>Prints this help.</source>
        <translation>Выводит эту справку.</translation>
    </message>
    <message>
        <source>Usage: %1</source>
        <translation>Использование: %1</translation>
    </message>
    <message>
        <source>Options:</source>
        <translation>Параметры:</translation>
    </message>
    <message>
        <source>Examples:</source>
        <translation>Примеры:</translation>
    </message>
    <message>
        <source>Every command and option: tandem help</source>
        <translation>Все команды и параметры: tandem help</translation>
    </message>
    <message>
        <source>tandem mcp list
tandem mcp add NAME [--env NAME=value]… -- COMMAND ARGS…
tandem mcp add NAME --url URL [--header &quot;Name: value&quot;]…
tandem mcp remove NAME
tandem mcp tools NAME</source>
        <translation>tandem mcp list
tandem mcp add ИМЯ [--env NAME=значение]… -- КОМАНДА АРГУМЕНТЫ…
tandem mcp add ИМЯ --url АДРЕС [--header &quot;Имя: значение&quot;]…
tandem mcp remove ИМЯ
tandem mcp tools ИМЯ</translation>
    </message>
    <message>
        <source>Keeps the MCP servers in mcp.json in Tandem&apos;s config folder. A header&apos;s value (such as Authorization) goes to the keychain; the file keeps only its name. `tools` starts the server and lists its tools under the names the model sees.</source>
        <translation>Хранит MCP-серверы в mcp.json в папке настроек Tandem. Значение заголовка (например, Authorization) сохраняется в связке ключей; в файле остаётся только его имя. `tools` запускает сервер и выводит его инструменты под именами, которые видит модель.</translation>
    </message>
    <message>
        <source>tandem handoff create --story STORY|--conversation ID --from AGENT --to AGENT [--payload JSON] [--reason TEXT]
       tandem handoff accept ID | reject ID --reason TEXT | timeout ID
       tandem handoff cleanup --story STORY|--conversation ID</source>
        <translation>tandem handoff create --story ИСТОРИЯ|--conversation ID --from АГЕНТ --to АГЕНТ [--payload JSON] [--reason ТЕКСТ]
       tandem handoff accept ID | reject ID --reason ТЕКСТ | timeout ID
       tandem handoff cleanup --story ИСТОРИЯ|--conversation ID</translation>
    </message>
    <message>
        <source>tandem handoffs --story STORY|--conversation ID [--json]
       tandem handoffs --stale MINUTES [--json]</source>
        <translation>tandem handoffs --story ИСТОРИЯ|--conversation ID [--json]
       tandem handoffs --stale МИНУТЫ [--json]</translation>
    </message>
    <message>
        <source>Prints a story&apos;s handoff board, or the handoffs of every conversation left pending for longer than MINUTES. --json prints the local API&apos;s shapes (the story id a conversation was created for, or else its id, is the storyId).</source>
        <translation>Выводит доску передач истории или передачи всех бесед, ожидающие дольше МИНУТ. --json выводит структуры локального API (storyId — это id истории, для которой создана беседа, а иначе id беседы).</translation>
    </message>
    <message>
        <source>tandem story start --story STORY|--conversation ID [--payload JSON] [--json]
       tandem story stop --story STORY|--conversation ID [--json]</source>
        <translation>tandem story start --story STORY|--conversation ID [--payload JSON] [--json]
       tandem story stop --story STORY|--conversation ID [--json]</translation>
    </message>
    <message>
        <source>Starts a pipeline&apos;s story as the local API&apos;s POST /api/run does: the stale handoffs are timed out, then the orchestrator hands the story to the analyst (with --payload, or the story&apos;s id and title). Stop cancels the story&apos;s pending handoffs and ends its run. Starting a story that runs, or stopping one that does not, is refused.</source>
        <translation>Запускает историю конвейера так же, как POST /api/run локального API: сначала зависшие передачи снимаются по тайм-ауту, затем оркестратор передаёт историю аналитику (с --payload или с id и названием истории). stop отменяет ожидающие передачи истории и завершает её работу. Запуск уже идущей истории и остановка неидущей отклоняются.</translation>
    </message>
    <message>
        <source>tandem eval-agents CASES.jsonl [--agent ID|--router] [--provider PROFILE|URL] [--min-pass N|N%]</source>
        <translation>tandem eval-agents CASES.jsonl [--agent ID|--router] [--provider ПРОФИЛЬ|URL] [--min-pass N|N%]</translation>
    </message>
    <message>
        <source>Runs each case of a JSONL file for real, each in a database of its own (your conversations and tasks are never touched), through router mode&apos;s orchestrator (--router, the default) or straight to one agent (--agent), and checks what the case expects: the agent chosen (&quot;agent&quot;), the tool calls made with their arguments (&quot;calls&quot;) or not (&quot;no_calls&quot;), a pending confirmation (&quot;pending&quot;), an approval asked (&quot;approval&quot;), text that must or must not appear (&quot;contains&quot;, &quot;excludes&quot;); &quot;tasks&quot; are the tasks that exist first. Prints a table of the cases with what failed. Tandem ships a case file for each router agent.</source>
        <translation>Прогоняет каждый пример файла JSONL по-настоящему, каждый в своей базе данных (ваши беседы и задачи не затрагиваются), через оркестратор режима маршрутизации (--router, по умолчанию) или сразу одному агенту (--agent), и проверяет, чего ждёт пример: выбранного агента (&quot;agent&quot;), вызовы инструментов с аргументами (&quot;calls&quot;) или их отсутствие (&quot;no_calls&quot;), ожидающее подтверждение (&quot;pending&quot;), запрос разрешения (&quot;approval&quot;), текст, который должен или не должен быть в ответе (&quot;contains&quot;, &quot;excludes&quot;); &quot;tasks&quot; — задачи, которые есть заранее. Печатает таблицу примеров с тем, что не прошло. Tandem поставляет файл примеров для каждого агента маршрутизации.</translation>
    </message>
    <message>
        <source>tandem tokens create NAME --role ROLE
       tandem tokens list
       tandem tokens revoke NAME</source>
        <translation>tandem tokens create NAME --role ROLE
       tandem tokens list
       tandem tokens revoke NAME</translation>
    </message>
    <message>
        <source>Makes, lists and revokes the per-agent tokens that tandem serve takes when it listens beyond 127.0.0.1 (--listen). A token is printed once, when it is made; only its SHA-256 is stored. Its role is an agent of the pipeline (analyst, implementer, reviewer, refactorer, documenter), which may act only as that agent, or admin (everything) or observer (read and follow events only).</source>
        <translation>Создаёт, показывает и отзывает токены агентов, которые tandem serve принимает, когда слушает за пределами 127.0.0.1 (--listen). Токен выводится один раз, при создании; хранится только его SHA-256. Его роль — агент конвейера (analyst, implementer, reviewer, refactorer, documenter), который может действовать только как этот агент, либо admin (всё) или observer (только чтение и события).</translation>
    </message>
    <message>
        <source>tandem board password URL</source>
        <translation>tandem board password URL</translation>
    </message>
    <message>
        <source>Reads the password of the team board at URL (postgresql://USER@HOST/DATABASE) from standard input, without showing it, and stores it in the keychain, where tandem serve --board URL reads it. An empty line removes it. The URL itself must not carry a password.</source>
        <translation>Читает пароль доски команды по адресу URL (postgresql://USER@HOST/DATABASE) со стандартного ввода, не показывая его, и сохраняет его в связке ключей, откуда его берёт tandem serve --board URL. Пустая строка удаляет его. Сам URL не должен содержать пароль.</translation>
    </message>
    <message>
        <source>tandem serve [--port N] [--print-token] [--board URL]
       tandem serve --listen ADDRESS[:PORT] --tls-cert FILE --tls-key FILE [--board URL]</source>
        <translation>tandem serve [--port N] [--print-token] [--board URL]
       tandem serve --listen ADDRESS[:PORT] --tls-cert FILE --tls-key FILE [--board URL]</translation>
    </message>
    <message>
        <source>Runs the local API (the handoff board over HTTP on 127.0.0.1, with a bearer token) until Ctrl+C, and prints its address. With --listen beyond 127.0.0.1 it speaks HTTPS only, with the certificate and key given, and takes the per-agent tokens of tandem tokens, each limited to its role. With --board, the handoffs of this folder&apos;s team stories go to the team&apos;s board on PostgreSQL too, and /api/events shows every Tandem&apos;s changes of that board. The board&apos;s password is read from the keychain: store it first with tandem board password URL.</source>
        <translation>Запускает локальный API (доска передач по HTTP на 127.0.0.1, с токеном bearer) до Ctrl+C и выводит его адрес. С --listen за пределами 127.0.0.1 он работает только по HTTPS с указанными сертификатом и ключом и принимает токены агентов из tandem tokens, каждый в пределах своей роли. С --board передачи командных историй этой папки попадают и на доску команды в PostgreSQL, а /api/events показывает изменения этой доски, сделанные любым Tandem. Пароль доски берётся из связки ключей: сначала сохраните его командой tandem board password URL.</translation>
    </message>
    <message>
        <source>Prints one conversation with its dividers, tool calls and errors: its current branch, or the one --branch names; --tree prints every branch.</source>
        <translation>Выводит одну беседу с разделителями, вызовами инструментов и ошибками: её текущую ветку или ветку, указанную в --branch; --tree выводит все ветки.</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>The command is empty: argv needs at least the program&apos;s name.</source>
        <translation>Команда пуста: в argv должно быть хотя бы имя программы.</translation>
    </message>
    <message>
        <source>An argument of the command holds a NUL byte; commands cannot receive one.</source>
        <translation>Аргумент команды содержит байт NUL; команды не могут его получить.</translation>
    </message>
    <message>
        <source>The command&apos;s arguments hold %1 bytes; at most %2 are accepted.</source>
        <translation>Аргументы команды занимают %1 байт; допускается не более %2.</translation>
    </message>
    <message>
        <source>The command&apos;s stdin holds %1 bytes; at most %2 are accepted.</source>
        <translation>Стандартный ввод команды занимает %1 байт; допускается не более %2.</translation>
    </message>
    <message>
        <source>The working folder &quot;%1&quot; is not a folder of the workspace.</source>
        <translation>Рабочая папка «%1» не является папкой рабочего пространства.</translation>
    </message>
    <message>
        <source>The argument &quot;%1&quot; names the home folder; commands run inside the workspace only.</source>
        <translation>Аргумент «%1» указывает на домашнюю папку; команды выполняются только внутри рабочего пространства.</translation>
    </message>
    <message>
        <source>The argument &quot;%1&quot; names a path outside the workspace; commands may reach the workspace and the system&apos;s programs only.</source>
        <translation>Аргумент «%1» указывает путь вне рабочего пространства; командам доступны только рабочее пространство и системные программы.</translation>
    </message>
    <message>
        <source>The argument &quot;%1&quot; leads outside the workspace (through &quot;..&quot; or a symbolic link).</source>
        <translation>Аргумент «%1» ведёт за пределы рабочего пространства (через «..» или символическую ссылку).</translation>
    </message>
    <message>
        <source>argv must be an array of strings.</source>
        <translation>argv должен быть массивом строк.</translation>
    </message>
</context>
<context>
    <name>CommandWords</name>
    <message>
        <source>The command line ends with a backslash.</source>
        <translation>Строка команды заканчивается обратной косой чертой.</translation>
    </message>
    <message>
        <source>A quote (%1) is not closed.</source>
        <translation>Кавычка (%1) не закрыта.</translation>
    </message>
</context>
<context>
    <name>CompleteTaskTool</name>
    <message>
        <source>There is no task %1.</source>
        <translation>Задачи %1 нет.</translation>
    </message>
    <message>
        <source>The task could not be stored.</source>
        <translation>Не удалось сохранить задачу.</translation>
    </message>
    <message>
        <source>Say which task: its id (task_id) or its words (query).</source>
        <translation>Укажите задачу: её номер (task_id) или слова из названия (query).</translation>
    </message>
    <message>
        <source>I found no open task matching &apos;%1&apos;.</source>
        <translation>Я не нашёл открытой задачи, похожей на «%1».</translation>
    </message>
    <message>
        <source>Which one do you mean: %1?</source>
        <translation>Какую вы имеете в виду: %1?</translation>
    </message>
    <message>
        <source> or </source>
        <translation> или </translation>
    </message>
    <message>
        <source>I found %1. Is this correct?</source>
        <translation>Я нашёл %1. Верно?</translation>
    </message>
    <message>
        <source>The proposal could not be stored.</source>
        <translation>Не удалось сохранить предложение.</translation>
    </message>
</context>
<context>
    <name>ConversationFork</name>
    <message>
        <source>%1 (fork)</source>
        <translation>%1 (ответвление)</translation>
    </message>
    <message>
        <source>There is no conversation %1.</source>
        <translation>Беседа %1 не найдена.</translation>
    </message>
    <message>
        <source>Conversation %1 has no message %2.</source>
        <translation>В беседе %1 нет сообщения %2.</translation>
    </message>
</context>
<context>
    <name>CreateTaskTool</name>
    <message>
        <source>A task needs a title.</source>
        <translation>У задачи должно быть название.</translation>
    </message>
    <message>
        <source>“%1” is not a date I can read: give a day (Friday, tomorrow) or a date (2026-11-27).</source>
        <translation>«%1» — не дата, которую я могу прочитать: назовите день (пятница, завтра) или дату (2026-11-27).</translation>
    </message>
    <message>
        <source>The task could not be stored.</source>
        <translation>Не удалось сохранить задачу.</translation>
    </message>
    <message>
        <source>I&apos;ll create the task &apos;%1&apos; (priority %2, due %3). Shall I?</source>
        <translation>Я создам задачу «%1» (приоритет %2, срок %3). Создать?</translation>
    </message>
    <message>
        <source>I&apos;ll create the task &apos;%1&apos; (priority %2). Shall I?</source>
        <translation>Я создам задачу «%1» (приоритет %2). Создать?</translation>
    </message>
    <message>
        <source>The proposal could not be stored.</source>
        <translation>Не удалось сохранить предложение.</translation>
    </message>
</context>
<context>
    <name>CurrentDateTimeTool</name>
    <message>
        <source>Unknown time zone &quot;%1&quot;. Use an IANA id such as &quot;Europe/Berlin&quot; or &quot;UTC&quot;, or leave it out.</source>
        <translation>Неизвестный часовой пояс «%1». Укажите идентификатор IANA, например «Europe/Berlin» или «UTC», или не указывайте его вовсе.</translation>
    </message>
</context>
<context>
    <name>DataLimits</name>
    <message numerus="yes">
        <source>The payload is nested more than %n levels deep.</source>
        <translation>
            <numerusform>Полезная нагрузка вложена глубже %n уровня.</numerusform>
            <numerusform>Полезная нагрузка вложена глубже %n уровней.</numerusform>
            <numerusform>Полезная нагрузка вложена глубже %n уровней.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The payload holds a text longer than %n characters.</source>
        <translation>
            <numerusform>Полезная нагрузка содержит текст длиннее %n символа.</numerusform>
            <numerusform>Полезная нагрузка содержит текст длиннее %n символов.</numerusform>
            <numerusform>Полезная нагрузка содержит текст длиннее %n символов.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Database</name>
    <message>
        <source>Cannot create the data folder %1.</source>
        <translation>Не удаётся создать папку данных %1.</translation>
    </message>
    <message>
        <source>Cannot open the database %1: %2</source>
        <translation>Не удаётся открыть базу данных %1: %2</translation>
    </message>
    <message>
        <source>Cannot configure the database (%1): %2</source>
        <translation>Не удаётся настроить базу данных (%1): %2</translation>
    </message>
    <message>
        <source>Cannot read the database version: %1</source>
        <translation>Не удаётся прочитать версию базы данных: %1</translation>
    </message>
    <message>
        <source>This database was written by a newer version of Tandem (schema %1; this version knows %2). Update Tandem to open it.</source>
        <translation>Эта база данных создана более новой версией Tandem (схема %1; эта версия поддерживает %2). Обновите Tandem, чтобы открыть её.</translation>
    </message>
    <message>
        <source>Cannot start the upgrade to version %1: %2</source>
        <translation>Не удаётся начать обновление до версии %1: %2</translation>
    </message>
    <message>
        <source>Cannot upgrade the database to version %1 (%2): %3</source>
        <translation>Не удаётся обновить базу данных до версии %1 (%2): %3</translation>
    </message>
    <message>
        <source>Cannot record database version %1: %2</source>
        <translation>Не удаётся записать версию базы данных %1: %2</translation>
    </message>
    <message>
        <source>The database %1 is locked: another program (another Tandem, or a tool with the file open) is writing to it. Try again when it has finished.</source>
        <translation>База данных %1 заблокирована: в неё пишет другая программа (другой Tandem или инструмент, открывший этот файл). Повторите попытку, когда она закончит.</translation>
    </message>
    <message>
        <source>The database %1 is damaged (%2). Tandem has left it as it is.

Keep a copy of the file, then copy what can still be read into a new database:
%3
If your sqlite3 has no working .recover, use this instead of the last line:
%4
Then start Tandem with --data-dir &quot;%5&quot;.</source>
        <translation>База данных %1 повреждена (%2). Tandem оставил её как есть.

Сохраните копию файла, затем перенесите всё, что ещё читается, в новую базу данных:
%3
Если в вашем sqlite3 нет работающей команды .recover, вместо последней строки выполните:
%4
Затем запустите Tandem с --data-dir &quot;%5&quot;.</translation>
    </message>
    <message>
        <source>The database %1 is read-only (the file, its folder or the file system): Tandem needs to write to it. Make it writable, or start Tandem with --data-dir and another folder.</source>
        <translation>База данных %1 доступна только для чтения (сам файл, его папка или файловая система), а Tandem нужно в неё записывать. Разрешите запись или запустите Tandem с --data-dir и другой папкой.</translation>
    </message>
    <message>
        <source>Tandem could not write to the database %1: the disk is full, or the file may not grow any larger. Nothing was half-written; free some space and try again.</source>
        <translation>Tandem не удалось записать в базу данных %1: диск заполнен или файл не может стать больше. Ничего не записано наполовину; освободите место и попробуйте снова.</translation>
    </message>
    <message>
        <source>Tandem cannot use the data folder %1: %2 is a file, not a folder. Start Tandem with --data-dir and a folder.</source>
        <translation>Tandem не может использовать папку данных %1: %2 — это файл, а не папка. Запустите Tandem с --data-dir и папкой.</translation>
    </message>
    <message>
        <source>Tandem cannot write to its data folder %1: %2 is read-only. Make it writable, or start Tandem with --data-dir and another folder.</source>
        <translation>Tandem не может записывать в папку данных %1: %2 — только для чтения. Разрешите запись или запустите Tandem с --data-dir и другой папкой.</translation>
    </message>
    <message>
        <source>the folder</source>
        <translation>эта папка</translation>
    </message>
</context>
<context>
    <name>DeleteFileTool</name>
    <message>
        <source>The file &quot;%1&quot; does not exist in the workspace.</source>
        <translation>В рабочей папке нет файла «%1».</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a folder; delete_file deletes files only.</source>
        <translation>«%1» — папка; delete_file удаляет только файлы.</translation>
    </message>
    <message>
        <source>The file &quot;%1&quot; could not be deleted: %2</source>
        <translation>Не удалось удалить файл «%1»: %2</translation>
    </message>
</context>
<context>
    <name>DeleteTaskTool</name>
    <message>
        <source>There is no task %1.</source>
        <translation>Задачи %1 нет.</translation>
    </message>
    <message>
        <source>The task could not be deleted.</source>
        <translation>Не удалось удалить задачу.</translation>
    </message>
</context>
<context>
    <name>DividerText</name>
    <message>
        <source>Handing the message to agent 2</source>
        <translation>Передача сообщения во 2-го агента</translation>
    </message>
    <message>
        <source>Message accepted by agent 2</source>
        <translation>Сообщение принято агентом 2</translation>
    </message>
    <message>
        <source>Approved by %1: %2</source>
        <translation>Одобрено (%1): %2</translation>
    </message>
    <message>
        <source>Accepted by %1</source>
        <translation>Принято: %1</translation>
    </message>
    <message>
        <source>Rejected by %1: %2</source>
        <translation>Отклонено (%1): %2</translation>
    </message>
    <message>
        <source>Story handed to %1</source>
        <translation>История передана агенту %1</translation>
    </message>
    <message>
        <source>Transferred to %1. Context: %2</source>
        <translation>Передано агенту «%1». Контекст: %2</translation>
    </message>
    <message>
        <source>%1 handed the work to %2</source>
        <translation>%1 передал работу агенту %2</translation>
    </message>
    <message>
        <source>Pipeline complete. %1</source>
        <translation>Конвейер завершён. %1</translation>
    </message>
    <message>
        <source>%1 is waiting for you: %2</source>
        <translation>%1 ждёт вас: %2</translation>
    </message>
    <message>
        <source>%1 wants to run “%2” and needs your approval.</source>
        <translation>%1 хочет запустить «%2» и ждёт вашего подтверждения.</translation>
    </message>
    <message>
        <source>%1 combines the specialists&apos; answers into one reply</source>
        <translation>%1 объединяет ответы специалистов в один</translation>
    </message>
</context>
<context>
    <name>EvalAgentsCommand</name>
    <message>
        <source>Usage: tandem eval-agents CASES.jsonl [--agent ID|--router] [--provider P] [--min-pass N]</source>
        <translation>Использование: tandem eval-agents CASES.jsonl [--agent ID|--router] [--provider P] [--min-pass N]</translation>
    </message>
    <message>
        <source>--min-pass needs a number of cases or a percentage (such as 18 or 90%).</source>
        <translation>--min-pass — это число примеров или процент (например, 18 или 90%).</translation>
    </message>
    <message>
        <source>There is no model provider: give --provider, or add one in the settings.</source>
        <translation>Нет провайдера модели: укажите --provider или добавьте провайдера в настройках.</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Строка</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Сообщение</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Агент</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Итог</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>успех</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>ПРОВАЛ</translation>
    </message>
    <message>
        <source>Passed: %1/%2</source>
        <translation>Пройдено: %1/%2</translation>
    </message>
    <message>
        <source>%1 of %2 cases passed, fewer than the minimum %3.</source>
        <translation>Пройдено примеров: %1 из %2, меньше минимума %3.</translation>
    </message>
</context>
<context>
    <name>EvalRoutingCommand</name>
    <message>
        <source>Usage: tandem eval-routing CASES.jsonl [--provider P] [--min-accuracy 0.8]</source>
        <translation>Использование: tandem eval-routing ПРИМЕРЫ.jsonl [--provider P] [--min-accuracy 0.8]</translation>
    </message>
    <message>
        <source>--min-accuracy needs a share from 0 to 1 (or a percentage).</source>
        <translation>--min-accuracy ждёт долю от 0 до 1 (или процент).</translation>
    </message>
    <message>
        <source>%1:%2: a case is {&quot;message&quot;: &quot;…&quot;, &quot;expected&quot;: &quot;&lt;agent id&gt;&quot;}.</source>
        <translation>%1:%2: пример записывается как {&quot;message&quot;: &quot;…&quot;, &quot;expected&quot;: &quot;&lt;id агента&gt;&quot;}.</translation>
    </message>
    <message>
        <source>  line %1: “%2”: expected %3, routed to %4 (%5)</source>
        <translation>  строка %1: «%2»: ожидался %3, направлено к %4 (%5)</translation>
    </message>
    <message>
        <source>Accuracy: %1/%2 = %3%</source>
        <translation>Точность: %1/%2 = %3%</translation>
    </message>
    <message>
        <source>Confusion (rows: expected, columns: routed):</source>
        <translation>Матрица ошибок (строки: ожидалось, столбцы: направлено):</translation>
    </message>
    <message>
        <source>Routed wrong:</source>
        <translation>Направлено неверно:</translation>
    </message>
    <message>
        <source>The accuracy %1% is below the minimum %2%.</source>
        <translation>Точность %1% ниже минимума %2%.</translation>
    </message>
</context>
<context>
    <name>ExportCommand</name>
    <message>
        <source>Usage: tandem export --conversation ID [--conversation ID …] | --all --format md|json|html|pdf|txt -o PATH (a folder: one file per conversation)</source>
        <translation>Использование: tandem export --conversation ID [--conversation ID …] | --all --format md|json|html|pdf|txt -o ПУТЬ (папка: по файлу на беседу)</translation>
    </message>
    <message>
        <source>Unknown format “%1”: use md, json, html, pdf or txt.</source>
        <translation>Неизвестный формат «%1»: используйте md, json, html, pdf или txt.</translation>
    </message>
    <message>
        <source>There is no conversation %1.</source>
        <translation>Беседа %1 не найдена.</translation>
    </message>
    <message numerus="yes">
        <source>%n messages exported.</source>
        <translation>
            <numerusform>Экспортировано %n сообщение.</numerusform>
            <numerusform>Экспортировано %n сообщения.</numerusform>
            <numerusform>Экспортировано %n сообщений.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExportText</name>
    <message>
        <source>You</source>
        <translation>Вы</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Инструмент</translation>
    </message>
    <message>
        <source>Tandem</source>
        <translation>Tandem</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Ассистент</translation>
    </message>
    <message>
        <source>Handed over</source>
        <translation>Передано</translation>
    </message>
    <message>
        <source>Accepted</source>
        <translation>Принято</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>Отклонено</translation>
    </message>
    <message>
        <source>Transferred</source>
        <translation>Переведено</translation>
    </message>
    <message>
        <source>Handoff failed</source>
        <translation>Передача не удалась</translation>
    </message>
    <message>
        <source>Approval needed</source>
        <translation>Требуется подтверждение</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Заметка</translation>
    </message>
    <message>
        <source>%1 (reason: %2)</source>
        <translation>%1 (причина: %2)</translation>
    </message>
    <message>
        <source>still being written</source>
        <translation>ещё пишется</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>прервано</translation>
    </message>
    <message>
        <source>interrupted: %1</source>
        <translation>прервано: %1</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>ошибка</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>ошибка: %1</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>остановлено</translation>
    </message>
    <message>
        <source>waiting for approval</source>
        <translation>ждёт подтверждения</translation>
    </message>
    <message>
        <source>approved once</source>
        <translation>разрешено один раз</translation>
    </message>
    <message>
        <source>always allowed in this conversation</source>
        <translation>всегда разрешено в этой беседе</translation>
    </message>
    <message>
        <source>denied</source>
        <translation>запрещено</translation>
    </message>
    <message>
        <source>approval withdrawn</source>
        <translation>запрос отозван</translation>
    </message>
    <message>
        <source>, %1 cached</source>
        <translation>, %1 из кэша</translation>
    </message>
    <message>
        <source>, %1 reasoning</source>
        <translation>, %1 на рассуждения</translation>
    </message>
    <message>
        <source>Untitled conversation</source>
        <translation>Беседа без названия</translation>
    </message>
    <message>
        <source>en</source>
        <comment>the language code of exported HTML</comment>
        <translation>ru</translation>
    </message>
    <message>
        <source>Tandem export</source>
        <translation>Экспорт Tandem</translation>
    </message>
    <message>
        <source>started %1</source>
        <translation>начата %1</translation>
    </message>
    <message>
        <source>model %1</source>
        <translation>модель %1</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Ошибка</translation>
    </message>
    <message>
        <source>called %1</source>
        <translation>вызывает %1</translation>
    </message>
    <message>
        <source>Run with the arguments as edited:</source>
        <translation>Выполнено с исправленными аргументами:</translation>
    </message>
    <message>
        <source>of %1</source>
        <translation>%1</translation>
    </message>
    <message>
        <source>Exported from Tandem on %1</source>
        <translation>Экспортировано из Tandem %1</translation>
    </message>
    <message>
        <source>called `%1`</source>
        <translation>вызывает `%1`</translation>
    </message>
    <message>
        <source>of `%1`</source>
        <translation>`%1`</translation>
    </message>
    <message numerus="yes">
        <source>%n tokens in, %1 out</source>
        <translation>
            <numerusform>%n токен на входе, %1 на выходе</numerusform>
            <numerusform>%n токена на входе, %1 на выходе</numerusform>
            <numerusform>%n токенов на входе, %1 на выходе</numerusform>
        </translation>
    </message>
    <message>
        <source>Pipeline complete</source>
        <translation>Конвейер завершён</translation>
    </message>
    <message>
        <source>Waiting for you</source>
        <translation>Ждёт вас</translation>
    </message>
    <message>
        <source>Routed</source>
        <translation>Маршрутизация</translation>
    </message>
    <message>
        <source>Tasks</source>
        <translation>Задачи</translation>
    </message>
    <message>
        <source>high priority</source>
        <translation>высокий приоритет</translation>
    </message>
    <message>
        <source>low priority</source>
        <translation>низкий приоритет</translation>
    </message>
    <message>
        <source>due %1</source>
        <translation>срок %1</translation>
    </message>
    <message>
        <source>done %1</source>
        <translation>выполнена %1</translation>
    </message>
    <message>
        <source>done</source>
        <translation>выполнена</translation>
    </message>
    <message>
        <source>Waiting for your confirmation</source>
        <translation>Ждёт вашего подтверждения</translation>
    </message>
    <message>
        <source>Combined answer</source>
        <translation>Объединённый ответ</translation>
    </message>
    <message numerus="yes">
        <source>the current branch; %n other branch(es) not printed</source>
        <translation>
            <numerusform>текущая ветвь; ещё %n ветвь не напечатана</numerusform>
            <numerusform>текущая ветвь; ещё %n ветви не напечатаны</numerusform>
            <numerusform>текущая ветвь; ещё %n ветвей не напечатано</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Exporter</name>
    <message>
        <source>The conversations could not be read: %1</source>
        <translation>Не удалось прочитать беседы: %1</translation>
    </message>
    <message>
        <source>There is no conversation %1.</source>
        <translation>Беседа %1 не найдена.</translation>
    </message>
    <message>
        <source>The folder “%1” could not be created.</source>
        <translation>Не удалось создать папку «%1».</translation>
    </message>
    <message>
        <source>“%1” could not be written: %2</source>
        <translation>Не удалось записать «%1»: %2</translation>
    </message>
    <message>
        <source>Conversation %1 could not be read: %2</source>
        <translation>Не удалось прочитать беседу %1: %2</translation>
    </message>
</context>
<context>
    <name>GitCommitTool</name>
    <message>
        <source>git_commit runs as a job.</source>
        <translation>git_commit выполняется как задание.</translation>
    </message>
    <message>
        <source>The file &quot;%1&quot; starts with &apos;-&apos;; files cannot be options.</source>
        <translation>Файл «%1» начинается с «-»; файлы не могут быть параметрами.</translation>
    </message>
</context>
<context>
    <name>GitDiffTool</name>
    <message>
        <source>The path &quot;%1&quot; starts with &apos;-&apos;; paths cannot be options.</source>
        <translation>Путь «%1» начинается с «-»; пути не могут быть параметрами.</translation>
    </message>
    <message>
        <source>The base &quot;%1&quot; is no commit or branch name.</source>
        <translation>«%1» — не имя коммита или ветки.</translation>
    </message>
</context>
<context>
    <name>GitPushTool</name>
    <message>
        <source>&quot;%1&quot; starts with &apos;-&apos;; a remote or a branch cannot be an option.</source>
        <translation>«%1» начинается с «-»; удалённый репозиторий или ветка не могут быть параметром.</translation>
    </message>
</context>
<context>
    <name>GitTool</name>
    <message>
        <source>The git tools run as jobs.</source>
        <translation>Инструменты git выполняются как задания.</translation>
    </message>
</context>
<context>
    <name>GuardrailCounters</name>
    <message numerus="yes">
        <source>Stopped: the agents reached the limit of %n model call(s) for one answer.</source>
        <translation>
            <numerusform>Остановлено: агенты достигли предела в %n вызов модели на один ответ.</numerusform>
            <numerusform>Остановлено: агенты достигли предела в %n вызова модели на один ответ.</numerusform>
            <numerusform>Остановлено: агенты достигли предела в %n вызовов модели на один ответ.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped: the agents handed the conversation over %n time(s) in one answer, the limit.</source>
        <translation>
            <numerusform>Остановлено: агенты передали беседу %n раз за один ответ — это предел.</numerusform>
            <numerusform>Остановлено: агенты передали беседу %n раза за один ответ — это предел.</numerusform>
            <numerusform>Остановлено: агенты передали беседу %n раз за один ответ — это предел.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped: %1 handed over to %2 %n time(s) in one answer, the limit.</source>
        <translation>
            <numerusform>Остановлено: передача %1 → %2 произошла %n раз за один ответ — это предел.</numerusform>
            <numerusform>Остановлено: передача %1 → %2 произошла %n раза за один ответ — это предел.</numerusform>
            <numerusform>Остановлено: передача %1 → %2 произошла %n раз за один ответ — это предел.</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped: %1 and %2 keep handing the conversation back and forth.</source>
        <translation>Остановлено: %1 и %2 передают беседу друг другу по кругу.</translation>
    </message>
    <message numerus="yes">
        <source>Stopped: the answer took longer than %n second(s).</source>
        <translation>
            <numerusform>Остановлено: ответ занял больше %n секунды.</numerusform>
            <numerusform>Остановлено: ответ занял больше %n секунд.</numerusform>
            <numerusform>Остановлено: ответ занял больше %n секунд.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped: this conversation has used its token budget (%n tokens).</source>
        <translation>
            <numerusform>Остановлено: беседа израсходовала свой бюджет в %n токен.</numerusform>
            <numerusform>Остановлено: беседа израсходовала свой бюджет в %n токена.</numerusform>
            <numerusform>Остановлено: беседа израсходовала свой бюджет в %n токенов.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped: this answer has used its token budget (%n tokens).</source>
        <translation>
            <numerusform>Остановлено: ответ израсходовал свой бюджет в %n токен.</numerusform>
            <numerusform>Остановлено: ответ израсходовал свой бюджет в %n токена.</numerusform>
            <numerusform>Остановлено: ответ израсходовал свой бюджет в %n токенов.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GuardrailLimits</name>
    <message>
        <source>Model calls per answer must be from %1 to %2, not %3.</source>
        <translation>Число вызовов модели на один ответ должно быть от %1 до %2, а не %3.</translation>
    </message>
    <message>
        <source>Handoffs per answer must be from %1 to %2, not %3.</source>
        <translation>Число передач за один ответ должно быть от %1 до %2, а не %3.</translation>
    </message>
    <message>
        <source>Handoffs from one agent to the same other agent per answer must be from %1 to %2, not %3.</source>
        <translation>Число передач от одного агента одному и тому же другому агенту за один ответ должно быть от %1 до %2, а не %3.</translation>
    </message>
    <message numerus="yes">
        <source>The token budget per answer must be from %1 to %Ln tokens (0 switches it off), not %2.</source>
        <translation>
            <numerusform>Бюджет на один ответ должен быть от %1 до %Ln токена (0 — без ограничения), а не %2.</numerusform>
            <numerusform>Бюджет на один ответ должен быть от %1 до %Ln токенов (0 — без ограничения), а не %2.</numerusform>
            <numerusform>Бюджет на один ответ должен быть от %1 до %Ln токенов (0 — без ограничения), а не %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The token budget per conversation must be from %1 to %Ln tokens (0 switches it off), not %2.</source>
        <translation>
            <numerusform>Бюджет на беседу должен быть от %1 до %Ln токена (0 — без ограничения), а не %2.</numerusform>
            <numerusform>Бюджет на беседу должен быть от %1 до %Ln токенов (0 — без ограничения), а не %2.</numerusform>
            <numerusform>Бюджет на беседу должен быть от %1 до %Ln токенов (0 — без ограничения), а не %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The time limit per answer must be from %1 to %Ln seconds, not %2.</source>
        <translation>
            <numerusform>Ограничение времени на один ответ должно быть от %1 до %Ln секунды, а не %2.</numerusform>
            <numerusform>Ограничение времени на один ответ должно быть от %1 до %Ln секунд, а не %2.</numerusform>
            <numerusform>Ограничение времени на один ответ должно быть от %1 до %Ln секунд, а не %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The back-and-forth window must be from %1 to %Ln handoffs, not %2.</source>
        <translation>
            <numerusform>Окно передач туда и обратно должно быть от %1 до %Ln передачи, а не %2.</numerusform>
            <numerusform>Окно передач туда и обратно должно быть от %1 до %Ln передач, а не %2.</numerusform>
            <numerusform>Окно передач туда и обратно должно быть от %1 до %Ln передач, а не %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A pending handoff must time out after %1 to %Ln minutes, not %2.</source>
        <translation>
            <numerusform>Срок ожидания передачи должен быть от %1 до %Ln минуты, а не %2.</numerusform>
            <numerusform>Срок ожидания передачи должен быть от %1 до %Ln минут, а не %2.</numerusform>
            <numerusform>Срок ожидания передачи должен быть от %1 до %Ln минут, а не %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The output limit per model call must be from %1 to %Ln tokens (0: the provider&apos;s own), not %2.</source>
        <translation>
            <numerusform>Ограничение вывода на один вызов модели должно быть от %1 до %Ln токена (0 — ограничение провайдера), а не %2.</numerusform>
            <numerusform>Ограничение вывода на один вызов модели должно быть от %1 до %Ln токенов (0 — ограничение провайдера), а не %2.</numerusform>
            <numerusform>Ограничение вывода на один вызов модели должно быть от %1 до %Ln токенов (0 — ограничение провайдера), а не %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The router&apos;s context must be from %1 to %Ln tokens (0: the message alone), not %2.</source>
        <translation>
            <numerusform>Контекст маршрутизатора должен быть от %1 до %Ln токена (0 — только сообщение), а не %2.</numerusform>
            <numerusform>Контекст маршрутизатора должен быть от %1 до %Ln токенов (0 — только сообщение), а не %2.</numerusform>
            <numerusform>Контекст маршрутизатора должен быть от %1 до %Ln токенов (0 — только сообщение), а не %2.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GuardrailOptions</name>
    <message>
        <source>At most this many model calls for the answer (a guardrail).</source>
        <translation>Максимальное число вызовов модели на один ответ (ограничитель).</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>A token budget for the answer; 0 switches it off.</source>
        <translation>Бюджет токенов на ответ; 0 — без ограничения.</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>токены</translation>
    </message>
    <message>
        <source>A token budget for the whole conversation; 0 switches it off.</source>
        <translation>Бюджет токенов на всю беседу; 0 — без ограничения.</translation>
    </message>
    <message>
        <source>Stop the answer after this many seconds.</source>
        <translation>Остановить ответ через столько секунд.</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>секунды</translation>
    </message>
    <message>
        <source>At most this many handoffs for the answer.</source>
        <translation>Не больше стольких передач за один ответ.</translation>
    </message>
    <message>
        <source>At most this many handoffs from one agent to the same other agent.</source>
        <translation>Не больше стольких передач от одного агента одному и тому же другому агенту.</translation>
    </message>
    <message>
        <source>Time out handoffs left pending for this many minutes.</source>
        <translation>Завершать по тайм-ауту передачи, ожидающие столько минут.</translation>
    </message>
    <message>
        <source>minutes</source>
        <translation>минуты</translation>
    </message>
    <message>
        <source>At most this many output tokens per model call; 0: the provider&apos;s own limit.</source>
        <translation>Не больше стольких выходных токенов на один вызов модели; 0 — ограничение провайдера.</translation>
    </message>
    <message>
        <source>--%1 needs a whole number, not “%2”.</source>
        <translation>Для --%1 нужно целое число, а не «%2».</translation>
    </message>
    <message>
        <source>Router mode: the orchestrator&apos;s classification decides at or above this confidence (0 to 1); below it, keyword rules do.</source>
        <translation>Режим маршрутизатора: классификация оркестратора решает при этой уверенности и выше (от 0 до 1); ниже решают правила по ключевым словам.</translation>
    </message>
    <message>
        <source>confidence</source>
        <translation>уверенность</translation>
    </message>
    <message>
        <source>--%1 needs a number from 0 to 1, not “%2”.</source>
        <translation>--%1 требует число от 0 до 1, а не «%2».</translation>
    </message>
</context>
<context>
    <name>HandoffBoard</name>
    <message>
        <source>the person</source>
        <translation>человек</translation>
    </message>
    <message>
        <source>%1 handed the work to %2</source>
        <translation>%1 передал работу агенту %2</translation>
    </message>
    <message>
        <source>Accepted by %1</source>
        <translation>Принято: %1</translation>
    </message>
    <message>
        <source>Rejected by %1: %2</source>
        <translation>Отклонено (%1): %2</translation>
    </message>
    <message>
        <source>The handoff to %1 timed out: the conversation is back with %2.</source>
        <translation>Передача агенту %1 просрочена: беседа вернулась к %2.</translation>
    </message>
    <message>
        <source>The handoff to %1 was cleaned up: the conversation is back with %2.</source>
        <translation>Передача агенту %1 снята: беседа вернулась к %2.</translation>
    </message>
    <message>
        <source>The handoff from %1 to %2 timed out.</source>
        <translation>Время передачи от %1 агенту %2 истекло.</translation>
    </message>
    <message>
        <source>The handoff from %1 to %2 was cleaned up.</source>
        <translation>Передача от %1 агенту %2 отменена при очистке.</translation>
    </message>
    <message>
        <source>Pipeline complete.</source>
        <translation>Конвейер завершён.</translation>
    </message>
</context>
<context>
    <name>HandoffCommands</name>
    <message numerus="yes">
        <source>%n pending handoff(s) cleaned up.</source>
        <translation>
            <numerusform>Снята %n ожидающая передача.</numerusform>
            <numerusform>Сняты %n ожидающие передачи.</numerusform>
            <numerusform>Снято %n ожидающих передач.</numerusform>
        </translation>
    </message>
    <message>
        <source>--stale needs a number of minutes (0 or more).</source>
        <translation>--stale требует число минут (0 или больше).</translation>
    </message>
    <message>
        <source>conversation %1</source>
        <translation>беседа %1</translation>
    </message>
    <message>
        <source>There is no conversation %1.</source>
        <translation>Беседы %1 нет.</translation>
    </message>
    <message>
        <source>Conversation %1 · with %2 · phase %3</source>
        <translation>Беседа %1 · у агента %2 · этап %3</translation>
    </message>
    <message>
        <source>--payload needs a JSON object, such as {&quot;plan&quot;: &quot;…&quot;}.</source>
        <translation>--payload требует объект JSON, например {&quot;plan&quot;: &quot;…&quot;}.</translation>
    </message>
    <message>
        <source>Say what to do: create, accept, reject, timeout or cleanup.</source>
        <translation>Укажите действие: create, accept, reject, timeout или cleanup.</translation>
    </message>
    <message>
        <source>Unknown action “%1”: use create, accept, reject, timeout or cleanup.</source>
        <translation>Неизвестное действие «%1»: используйте create, accept, reject, timeout или cleanup.</translation>
    </message>
    <message>
        <source>Give the handoff&apos;s id after “%1”.</source>
        <translation>Укажите id передачи после «%1».</translation>
    </message>
    <message>
        <source>A rejection needs its reason: --reason TEXT.</source>
        <translation>Для отклонения нужна причина: --reason ТЕКСТ.</translation>
    </message>
    <message numerus="yes">
        <source>No handoff has been pending for more than %n minute(s).</source>
        <translation>
            <numerusform>Нет передач, ожидающих дольше %n минуты.</numerusform>
            <numerusform>Нет передач, ожидающих дольше %n минут.</numerusform>
            <numerusform>Нет передач, ожидающих дольше %n минут.</numerusform>
        </translation>
    </message>
    <message>
        <source>Usage: tandem handoffs --story STORY|--conversation ID [--json] | tandem handoffs --stale MINUTES [--json]
       tandem handoff create --story STORY|--conversation ID --from AGENT --to AGENT [--payload JSON] [--reason TEXT]
       tandem handoff accept ID | reject ID --reason TEXT | timeout ID | cleanup --story STORY|--conversation ID</source>
        <translation>Использование: tandem handoffs --story ИСТОРИЯ|--conversation ID [--json] | tandem handoffs --stale МИНУТЫ [--json]
       tandem handoff create --story ИСТОРИЯ|--conversation ID --from АГЕНТ --to АГЕНТ [--payload JSON] [--reason ТЕКСТ]
       tandem handoff accept ID | reject ID --reason ТЕКСТ | timeout ID | cleanup --story ИСТОРИЯ|--conversation ID</translation>
    </message>
    <message>
        <source>%1 “%2” is no agent&apos;s id; the ids are %3.</source>
        <translation>%1 «%2» — не идентификатор агента; идентификаторы: %3.</translation>
    </message>
    <message>
        <source>Give the story: --story STORY (or --conversation ID).</source>
        <translation>Укажите историю: --story ИСТОРИЯ (или --conversation ID).</translation>
    </message>
    <message>
        <source>There is no story %1.</source>
        <translation>Истории %1 нет.</translation>
    </message>
    <message>
        <source>Give the story: --story STORY or --conversation ID (or --stale MINUTES).</source>
        <translation>Укажите историю: --story ИСТОРИЯ или --conversation ID (или --stale МИНУТЫ).</translation>
    </message>
    <message>
        <source>Story %1 (conversation %2) · with %3 · phase %4</source>
        <translation>История %1 (беседа %2) · у агента %3 · этап %4</translation>
    </message>
    <message>
        <source>A handoff is created with --story STORY (or --conversation ID) --from AGENT --to AGENT.</source>
        <translation>Передача создаётся так: --story ИСТОРИЯ (или --conversation ID) --from АГЕНТ --to АГЕНТ.</translation>
    </message>
    <message>
        <source>Give the story to clean up: --story STORY (or --conversation ID).</source>
        <translation>Укажите историю для очистки: --story ИСТОРИЯ (или --conversation ID).</translation>
    </message>
</context>
<context>
    <name>HandoffExecutor</name>
    <message>
        <source>Stopped before %1 could answer.</source>
        <translation>Остановлено до ответа агента «%1».</translation>
    </message>
    <message>
        <source>There is no agent “%1”: the conversation stays with %2.</source>
        <translation>Агента «%1» нет: беседа остаётся у агента «%2».</translation>
    </message>
    <message>
        <source>%1 is disabled: the conversation stays with %2.</source>
        <translation>Агент «%1» отключён: беседа остаётся у агента «%2».</translation>
    </message>
    <message>
        <source>%1 is a terminal agent and cannot hand the conversation over; it stays with %1.</source>
        <translation>%1 — завершающий агент и не может передать беседу; она остаётся у агента «%1».</translation>
    </message>
    <message>
        <source>%1 may not hand the conversation to %2: it stays with %1.</source>
        <translation>%1 не может передавать беседу агенту «%2»: она остаётся у агента «%1».</translation>
    </message>
    <message>
        <source>Handing the message to agent 2</source>
        <translation>Передача сообщения во 2-го агента</translation>
    </message>
    <message>
        <source>Message accepted by agent 2</source>
        <translation>Сообщение принято агентом 2</translation>
    </message>
    <message>
        <source>Transferred to %1. Context: %2</source>
        <translation>Передано агенту «%1». Контекст: %2</translation>
    </message>
    <message>
        <source>%1 is waiting for you: %2</source>
        <translation>%1 ждёт вас: %2</translation>
    </message>
    <message>
        <source>Pipeline complete. %1</source>
        <translation>Конвейер завершён. %1</translation>
    </message>
    <message>
        <source>Approved by %1: %2</source>
        <translation>Одобрено (%1): %2</translation>
    </message>
    <message>
        <source>Rejected by %1: %2</source>
        <translation>Отклонено (%1): %2</translation>
    </message>
    <message>
        <source>Story handed to %1</source>
        <translation>История передана агенту %1</translation>
    </message>
    <message>
        <source>Stopped before agent 2 received the message</source>
        <translation>Остановлено до того, как агент 2 получил сообщение</translation>
    </message>
    <message>
        <source>The message could not be handed to agent 2: %1</source>
        <translation>Не удалось передать сообщение агенту 2: %1</translation>
    </message>
</context>
<context>
    <name>HandoffRules</name>
    <message>
        <source>the person</source>
        <translation>человек</translation>
    </message>
    <message>
        <source>Orchestrator</source>
        <translation>Оркестратор</translation>
    </message>
    <message>
        <source>There is no agent “%1”.</source>
        <translation>Агента «%1» нет.</translation>
    </message>
    <message>
        <source>%1 is disabled.</source>
        <translation>%1 отключён.</translation>
    </message>
    <message>
        <source>%1 is a terminal agent and cannot hand over.</source>
        <translation>%1 — завершающий агент и не может передавать работу.</translation>
    </message>
    <message>
        <source>%1 may not hand over to %2: that transition is not declared.</source>
        <translation>%1 не может передать работу агенту %2: такой переход не объявлен.</translation>
    </message>
    <message>
        <source>%1 does not hold the work, so it cannot hand it over.</source>
        <translation>%1 не держит работу и поэтому не может её передать.</translation>
    </message>
    <message>
        <source>%1 does not hold the work: %2 does, and only %2 can hand it over.</source>
        <translation>%1 не держит работу: её держит %2, и только %2 может её передать.</translation>
    </message>
    <message>
        <source>The handoff from %1 to %2 (%3) is still pending: it is accepted, rejected or timed out before another one is made.</source>
        <translation>Передача от %1 агенту %2 (%3) ещё ожидает: её нужно принять, отклонить или завершить по времени, прежде чем создавать следующую.</translation>
    </message>
</context>
<context>
    <name>ImportCommand</name>
    <message>
        <source>Usage: tandem import FILE (a JSON export of Tandem)</source>
        <translation>Использование: tandem import ФАЙЛ (JSON-экспорт Tandem)</translation>
    </message>
    <message numerus="yes">
        <source>%n conversations imported as new ones.</source>
        <translation>
            <numerusform>Импортирована %n новая беседа.</numerusform>
            <numerusform>Импортированы %n новые беседы.</numerusform>
            <numerusform>Импортировано %n новых бесед.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>JsonImporter</name>
    <message>
        <source>This is not a valid Tandem export: %1 %2.</source>
        <translation>Это не корректный экспорт Tandem: %1 %2.</translation>
    </message>
    <message>
        <source>“%1” could not be read: %2</source>
        <translation>Не удалось прочитать «%1»: %2</translation>
    </message>
    <message>
        <source>“%1” is too large to import (%2 MB; the limit is %3 MB).</source>
        <translation>«%1» слишком велик для импорта (%2 МБ; предел — %3 МБ).</translation>
    </message>
    <message>
        <source>“%1” is too large to import.</source>
        <translation>«%1» слишком велик для импорта.</translation>
    </message>
    <message>
        <source>The import could not be saved; nothing was changed. %1</source>
        <translation>Импорт не удалось сохранить; ничего не изменено. %1</translation>
    </message>
    <message>
        <source>The file is too large to import.</source>
        <translation>Файл слишком велик для импорта.</translation>
    </message>
    <message>
        <source>This is not a valid Tandem export: the JSON is malformed or cut short at byte %1 (%2).</source>
        <translation>Это не корректный экспорт Tandem: JSON повреждён или обрывается на байте %1 (%2).</translation>
    </message>
    <message>
        <source>This is not a Tandem export: the file does not hold a JSON object.</source>
        <translation>Это не экспорт Tandem: в файле нет JSON-объекта.</translation>
    </message>
    <message>
        <source>This is not a Tandem export: its “format” is not “%1”.</source>
        <translation>Это не экспорт Tandem: его «format» не «%1».</translation>
    </message>
    <message>
        <source>This is not a valid Tandem export: its “version” is not a positive whole number.</source>
        <translation>Это не корректный экспорт Tandem: его «version» не положительное целое число.</translation>
    </message>
    <message>
        <source>This export was written by a newer Tandem (format version %1); this Tandem reads up to version %2. Update Tandem to import it.</source>
        <translation>Этот экспорт создан более новой версией Tandem (версия формата %1); эта версия читает форматы до %2. Обновите Tandem, чтобы импортировать его.</translation>
    </message>
    <message>
        <source>repeats the id of an earlier conversation</source>
        <translation>повторяет идентификатор предыдущей беседы</translation>
    </message>
    <message>
        <source>is missing</source>
        <translation>отсутствует</translation>
    </message>
    <message>
        <source>is not an object</source>
        <translation>не является объектом</translation>
    </message>
    <message>
        <source>is neither a string nor null</source>
        <translation>не строка и не null</translation>
    </message>
    <message>
        <source>is not a string</source>
        <translation>не является строкой</translation>
    </message>
    <message>
        <source>is empty</source>
        <translation>пусто</translation>
    </message>
    <message>
        <source>is neither a number nor null</source>
        <translation>не число и не null</translation>
    </message>
    <message>
        <source>is not a number</source>
        <translation>не является числом</translation>
    </message>
    <message>
        <source>is not a whole number</source>
        <translation>не целое число</translation>
    </message>
    <message>
        <source>is out of range (%1 to %2)</source>
        <translation>вне допустимого диапазона (от %1 до %2)</translation>
    </message>
    <message>
        <source>is not true or false</source>
        <translation>не true и не false</translation>
    </message>
    <message>
        <source>is not a date and time (ISO 8601)</source>
        <translation>не дата и время (ISO 8601)</translation>
    </message>
    <message>
        <source>is not an array</source>
        <translation>не является массивом</translation>
    </message>
    <message>
        <source>is not a known run status (“%1”)</source>
        <translation>не известный статус запуска («%1»)</translation>
    </message>
    <message>
        <source>is not a known handoff status (“%1”)</source>
        <translation>не известный статус передачи («%1»)</translation>
    </message>
    <message>
        <source>names run %1, which is not in this conversation</source>
        <translation>ссылается на запуск %1, которого нет в этой беседе</translation>
    </message>
    <message>
        <source>is not a known approval status (“%1”)</source>
        <translation>не известный статус подтверждения («%1»)</translation>
    </message>
    <message>
        <source>is not a known decision (“%1”)</source>
        <translation>не известное решение («%1»)</translation>
    </message>
    <message>
        <source>has an unknown value (“%1”)</source>
        <translation>имеет неизвестное значение («%1»)</translation>
    </message>
    <message>
        <source>names handoff %1, which is not in this conversation</source>
        <translation>ссылается на передачу %1, которой нет в этой беседе</translation>
    </message>
    <message>
        <source>repeats an id or name of an earlier entry</source>
        <translation>повторяет идентификатор или имя предыдущего элемента</translation>
    </message>
    <message>
        <source>makes a second agent active</source>
        <translation>делает активным второго агента</translation>
    </message>
    <message>
        <source>It was still being written when it was exported.</source>
        <translation>Сообщение ещё писалось, когда его экспортировали.</translation>
    </message>
    <message numerus="yes">
        <source>is longer than %n characters</source>
        <translation>
            <numerusform>длиннее %n символа</numerusform>
            <numerusform>длиннее %n символов</numerusform>
            <numerusform>длиннее %n символов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>has more than %n entries</source>
        <translation>
            <numerusform>содержит более %n элемента</numerusform>
            <numerusform>содержит более %n элементов</numerusform>
            <numerusform>содержит более %n элементов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>is nested more than %n levels deep</source>
        <translation>
            <numerusform>вложено глубже %n уровня</numerusform>
            <numerusform>вложено глубже %n уровней</numerusform>
            <numerusform>вложено глубже %n уровней</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>holds a text longer than %n characters</source>
        <translation>
            <numerusform>содержит текст длиннее %n символа</numerusform>
            <numerusform>содержит текст длиннее %n символов</numerusform>
            <numerusform>содержит текст длиннее %n символов</numerusform>
        </translation>
    </message>
    <message>
        <source>is not a known routing method (“%1”)</source>
        <translation>не известный способ маршрутизации («%1»)</translation>
    </message>
    <message>
        <source>is not a known task priority (“%1”)</source>
        <translation>не известный приоритет задачи («%1»)</translation>
    </message>
    <message>
        <source>is not a known task status (“%1”)</source>
        <translation>не известный статус задачи («%1»)</translation>
    </message>
    <message>
        <source>is neither an object nor null</source>
        <translation>не объект и не null</translation>
    </message>
    <message>
        <source>is not a date (YYYY-MM-DD)</source>
        <translation>не дата (ГГГГ-ММ-ДД)</translation>
    </message>
    <message>
        <source>is “person”, which names the human and cannot be an agent&apos;s id</source>
        <translation>равно «person»: так называется человек, это не может быть id агента</translation>
    </message>
    <message>
        <source>is not an agent id (a-z first, then a-z, 0-9, _ or -)</source>
        <translation>не является id агента (сначала a-z, затем a-z, 0-9, _ или -)</translation>
    </message>
    <message>
        <source>names message %1, which is not an earlier message of this conversation</source>
        <translation>ссылается на сообщение %1, которого нет среди более ранних сообщений этой беседы</translation>
    </message>
    <message>
        <source>names no message of this conversation</source>
        <translation>не указывает ни на одно сообщение этой беседы</translation>
    </message>
</context>
<context>
    <name>JsonSchemaValidator</name>
    <message>
        <source>The arguments</source>
        <translation>Аргументы</translation>
    </message>
    <message>
        <source>%1 must be of type %2, not %3.</source>
        <translation>%1: ожидается тип %2, а не %3.</translation>
    </message>
    <message>
        <source>%1 must be one of %2, not %3.</source>
        <translation>%1: ожидается одно из значений %2, а не %3.</translation>
    </message>
    <message numerus="yes">
        <source>%1 must have at least %n character(s).</source>
        <translation>
            <numerusform>%1: нужно не менее %n символа.</numerusform>
            <numerusform>%1: нужно не менее %n символов.</numerusform>
            <numerusform>%1: нужно не менее %n символов.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 must have at most %n character(s).</source>
        <translation>
            <numerusform>%1: допускается не более %n символа.</numerusform>
            <numerusform>%1: допускается не более %n символов.</numerusform>
            <numerusform>%1: допускается не более %n символов.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 must be at least %2.</source>
        <translation>%1: значение должно быть не меньше %2.</translation>
    </message>
    <message>
        <source>%1 must be at most %2.</source>
        <translation>%1: значение должно быть не больше %2.</translation>
    </message>
    <message>
        <source>%1 is required.</source>
        <translation>%1: обязательный аргумент.</translation>
    </message>
    <message>
        <source>%1 is not an accepted argument; this tool takes no arguments.</source>
        <translation>%1 — недопустимый аргумент: этот инструмент не принимает аргументов.</translation>
    </message>
    <message>
        <source>%1 is not an accepted argument (accepted: %2).</source>
        <translation>%1 — недопустимый аргумент (допустимые: %2).</translation>
    </message>
</context>
<context>
    <name>ListFilesTool</name>
    <message>
        <source>The folder &quot;%1&quot; does not exist in the workspace.</source>
        <translation>В рабочей папке нет папки «%1».</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a file, not a folder; use read_file to read it.</source>
        <translation>«%1» — файл, а не папка; чтобы прочитать его, используйте read_file.</translation>
    </message>
</context>
<context>
    <name>LlmError</name>
    <message>
        <source>The provider refused the API key. Check the key in the provider settings.</source>
        <translation>Провайдер отклонил API-ключ. Проверьте ключ в настройках провайдера.</translation>
    </message>
    <message>
        <source>The provider does not know this address or model. Check the base URL and the model name.</source>
        <translation>Провайдеру неизвестен этот адрес или модель. Проверьте базовый URL и название модели.</translation>
    </message>
    <message>
        <source>The provider account has run out of credit. Check the plan and billing with the provider.</source>
        <translation>На счёте у провайдера закончились средства. Проверьте тариф и оплату у провайдера.</translation>
    </message>
    <message numerus="yes">
        <source>The provider is limiting requests. Try again in %n second(s).</source>
        <translation>
            <numerusform>Провайдер ограничивает запросы. Повторите попытку через %n секунду.</numerusform>
            <numerusform>Провайдер ограничивает запросы. Повторите попытку через %n секунды.</numerusform>
            <numerusform>Провайдер ограничивает запросы. Повторите попытку через %n секунд.</numerusform>
        </translation>
    </message>
    <message>
        <source>The provider is limiting requests. Wait a moment and try again.</source>
        <translation>Провайдер ограничивает запросы. Подождите немного и повторите попытку.</translation>
    </message>
    <message>
        <source>The provider had a problem answering. Try again in a moment.</source>
        <translation>У провайдера возникла проблема с ответом. Повторите попытку чуть позже.</translation>
    </message>
    <message>
        <source>The provider could not be reached. Check the network connection and the base URL.</source>
        <translation>Не удалось связаться с провайдером. Проверьте сетевое подключение и базовый URL.</translation>
    </message>
    <message>
        <source>The provider stopped answering. Try again.</source>
        <translation>Провайдер перестал отвечать. Повторите попытку.</translation>
    </message>
    <message>
        <source>The provider&apos;s answer could not be understood. Check that the server is OpenAI-compatible.</source>
        <translation>Не удалось разобрать ответ провайдера. Убедитесь, что сервер совместим с OpenAI.</translation>
    </message>
    <message>
        <source>The reply was cut off at the output token limit.</source>
        <translation>Ответ обрезан: достигнут предел выходных токенов.</translation>
    </message>
    <message>
        <source>The reply was stopped by the provider&apos;s content filter.</source>
        <translation>Ответ остановлен фильтром содержимого провайдера.</translation>
    </message>
    <message>
        <source>The reply ended before it was complete.</source>
        <translation>Ответ оборвался, не завершившись.</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Остановлено.</translation>
    </message>
    <message>
        <source>The provider refused the request (HTTP %1).</source>
        <translation>Провайдер отклонил запрос (HTTP %1).</translation>
    </message>
    <message>
        <source>The provider refused the request.</source>
        <translation>Провайдер отклонил запрос.</translation>
    </message>
    <message>
        <source>The provider refused the request: %1</source>
        <translation>Провайдер отклонил запрос: %1</translation>
    </message>
    <message>
        <source>The connection to the provider was cut before the answer was complete. What arrived is kept; try again.</source>
        <translation>Соединение с провайдером оборвалось до того, как ответ был получен полностью. Полученная часть сохранена; повторите попытку.</translation>
    </message>
    <message>
        <source>The provider sent the request on to another server, %1. Tandem did not follow it, so the API key and the conversation were not sent there; if that server is the right one, make it the base URL.</source>
        <translation>Провайдер перенаправил запрос на другой сервер, %1. Tandem не пошёл за перенаправлением, поэтому ни ключ API, ни беседа туда не отправлены; если это и есть нужный сервер, укажите его как базовый URL.</translation>
    </message>
</context>
<context>
    <name>McpCallResult</name>
    <message>
        <source>The MCP tool reported an error.</source>
        <translation>Инструмент MCP сообщил об ошибке.</translation>
    </message>
    <message>
        <source>The MCP tool promised structured content and sent none.</source>
        <translation>Инструмент MCP обещал структурированный результат, но не прислал его.</translation>
    </message>
    <message>
        <source>The MCP tool&apos;s structured content does not fit its output schema: %1</source>
        <translation>Структурированный результат инструмента MCP не соответствует его схеме: %1</translation>
    </message>
</context>
<context>
    <name>McpCommand</name>
    <message>
        <source>Usage: tandem mcp list | add NAME -- COMMAND ARGS… | add NAME --url URL [--header &quot;Name: value&quot;]… | remove NAME | tools NAME</source>
        <translation>Использование: tandem mcp list | add ИМЯ -- КОМАНДА АРГУМЕНТЫ… | add ИМЯ --url АДРЕС [--header &quot;Имя: значение&quot;]… | remove ИМЯ | tools ИМЯ</translation>
    </message>
    <message>
        <source>Say what to do with the MCP servers: list, add, remove or tools.</source>
        <translation>Укажите, что сделать с MCP-серверами: list, add, remove или tools.</translation>
    </message>
    <message>
        <source>Give the name of the MCP server.</source>
        <translation>Укажите имя MCP-сервера.</translation>
    </message>
    <message>
        <source>Unknown action “%1”: use list, add, remove or tools.</source>
        <translation>Неизвестное действие «%1»: используйте list, add, remove или tools.</translation>
    </message>
    <message>
        <source>No MCP server is configured (%1).</source>
        <translation>Ни один MCP-сервер не настроен (%1).</translation>
    </message>
    <message>
        <source>headers: %1</source>
        <translation>заголовки: %1</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>отключён</translation>
    </message>
    <message>
        <source>Give either --url URL or, after --, the command that runs the server.</source>
        <translation>Укажите либо --url АДРЕС, либо после -- команду, которая запускает сервер.</translation>
    </message>
    <message>
        <source>--url needs an http or https address.</source>
        <translation>--url требует адрес http или https.</translation>
    </message>
    <message>
        <source>--header needs &quot;Name: value&quot;.</source>
        <translation>--header требует &quot;Имя: значение&quot;.</translation>
    </message>
    <message>
        <source>--env needs NAME=value.</source>
        <translation>--env требует NAME=значение.</translation>
    </message>
    <message>
        <source>The header values could not be stored in the keychain.</source>
        <translation>Не удалось сохранить значения заголовков в связке ключей.</translation>
    </message>
    <message>
        <source>Added the MCP server “%1”.</source>
        <translation>MCP-сервер «%1» добавлен.</translation>
    </message>
    <message>
        <source>There is no MCP server named “%1”.</source>
        <translation>MCP-сервера с именем «%1» нет.</translation>
    </message>
    <message>
        <source>The header values could not be removed from the keychain.</source>
        <translation>Не удалось удалить значения заголовков из связки ключей.</translation>
    </message>
    <message>
        <source>Removed the MCP server “%1”.</source>
        <translation>MCP-сервер «%1» удалён.</translation>
    </message>
    <message>
        <source>The MCP server “%1” is disabled.</source>
        <translation>MCP-сервер «%1» отключён.</translation>
    </message>
    <message>
        <source>The MCP server “%1” stopped.</source>
        <translation>MCP-сервер «%1» остановился.</translation>
    </message>
    <message>
        <source>read-only</source>
        <translation>только чтение</translation>
    </message>
</context>
<context>
    <name>McpConfigFile</name>
    <message>
        <source>The MCP server &quot;%1&quot; uses the old HTTP+SSE transport, which Tandem does not speak.</source>
        <translation>Сервер MCP «%1» использует старый транспорт HTTP+SSE, который Tandem не поддерживает.</translation>
    </message>
    <message>
        <source>The MCP server &quot;%1&quot; has no valid http or https address.</source>
        <translation>У сервера MCP «%1» нет правильного адреса http или https.</translation>
    </message>
    <message>
        <source>The MCP server &quot;%1&quot; has neither a command nor an address.</source>
        <translation>У сервера MCP «%1» нет ни команды, ни адреса.</translation>
    </message>
    <message>
        <source>Cannot read the MCP servers file %1.</source>
        <translation>Не удаётся прочитать файл серверов MCP %1.</translation>
    </message>
    <message>
        <source>The MCP servers file %1 is not a JSON object: %2.</source>
        <translation>Файл серверов MCP %1 не является объектом JSON: %2.</translation>
    </message>
</context>
<context>
    <name>McpTool</name>
    <message>
        <source>The tool %1 runs on an MCP server and only as a job.</source>
        <translation>Инструмент %1 работает на сервере MCP и только как задание.</translation>
    </message>
</context>
<context>
    <name>MetricsCommand</name>
    <message numerus="yes">
        <source>Metrics of every conversation (%n run(s))</source>
        <translation>
            <numerusform>Метрики всех бесед (%n запуск)</numerusform>
            <numerusform>Метрики всех бесед (%n запуска)</numerusform>
            <numerusform>Метрики всех бесед (%n запусков)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Metrics of conversation %1 (%n run(s))</source>
        <translation>
            <numerusform>Метрики беседы %1 (%n запуск)</numerusform>
            <numerusform>Метрики беседы %1 (%n запуска)</numerusform>
            <numerusform>Метрики беседы %1 (%n запусков)</numerusform>
        </translation>
    </message>
    <message>
        <source>agent            turns calls handoffs rejections tokens in/out latency ms routed</source>
        <translation>агент            ходы вызовы передачи отказы  токены вх/вых задержка мс направлено</translation>
    </message>
    <message>
        <source>                             given/rec. given/rec.              mean/p95 n · conf.</source>
        <translation>                             дано/пол.  дано/пол.               сред./p95 n · увер.</translation>
    </message>
    <message>
        <source>total</source>
        <translation>всего</translation>
    </message>
    <message>
        <source>Routing decisions:</source>
        <translation>Решения маршрутизации:</translation>
    </message>
    <message>
        <source>Routed by method:</source>
        <translation>Маршрутизация по способам:</translation>
    </message>
</context>
<context>
    <name>ModeLabel</name>
    <message>
        <source>Single agent</source>
        <translation>Один агент</translation>
    </message>
    <message>
        <source>Dual agents</source>
        <translation>Два агента</translation>
    </message>
    <message>
        <source>Pipeline</source>
        <translation>Конвейер</translation>
    </message>
    <message>
        <source>Router</source>
        <translation>Маршрутизатор</translation>
    </message>
    <message>
        <source>dual</source>
        <comment>the sidebar&apos;s badge of a dual-agent conversation</comment>
        <translation>два агента</translation>
    </message>
    <message>
        <source>pipeline</source>
        <comment>the sidebar&apos;s badge of a pipeline conversation</comment>
        <translation>конвейер</translation>
    </message>
    <message>
        <source>router</source>
        <comment>the sidebar&apos;s badge of a router conversation</comment>
        <translation>маршрутизатор</translation>
    </message>
</context>
<context>
    <name>OutsideRunner</name>
    <message>
        <source>The command line has a double quote that is not closed.</source>
        <translation>В командной строке есть незакрытая двойная кавычка.</translation>
    </message>
    <message>
        <source>The command line is empty.</source>
        <translation>Командная строка пуста.</translation>
    </message>
</context>
<context>
    <name>ProviderPresets</name>
    <message>
        <source>llama.cpp server</source>
        <translation>Сервер llama.cpp</translation>
    </message>
    <message>
        <source>Custom OpenAI-compatible server</source>
        <translation>Другой OpenAI-совместимый сервер</translation>
    </message>
</context>
<context>
    <name>ReadFileTool</name>
    <message>
        <source>The file &quot;%1&quot; does not exist in the workspace.</source>
        <translation>В рабочей папке нет файла «%1».</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a folder, not a file; use list_files to see its contents.</source>
        <translation>«%1» — папка, а не файл; чтобы увидеть её содержимое, используйте list_files.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a regular file.</source>
        <translation>«%1» не является обычным файлом.</translation>
    </message>
    <message numerus="yes">
        <source>The file &quot;%1&quot; has %2 bytes; read_file reads at most %3 KiB.</source>
        <translation>
            <numerusform>Размер файла «%1» — %2 байт; read_file читает не более %3 КиБ.</numerusform>
            <numerusform>Размер файла «%1» — %2 байта; read_file читает не более %3 КиБ.</numerusform>
            <numerusform>Размер файла «%1» — %2 байт; read_file читает не более %3 КиБ.</numerusform>
        </translation>
    </message>
    <message>
        <source>The file &quot;%1&quot; could not be read: %2</source>
        <translation>Не удалось прочитать файл «%1»: %2</translation>
    </message>
    <message>
        <source>The file &quot;%1&quot; is larger than %2 KiB; read_file reads at most that much.</source>
        <translation>Файл «%1» больше %2 КиБ; read_file читает не больше этого объёма.</translation>
    </message>
    <message>
        <source>The file &quot;%1&quot; looks binary (not UTF-8 text); read_file only reads text.</source>
        <translation>Файл «%1» похож на двоичный (не текст UTF-8); read_file читает только текст.</translation>
    </message>
</context>
<context>
    <name>ReadHistoryTool</name>
    <message>
        <source>read_history has no conversation to read.</source>
        <translation>У read_history нет беседы, которую можно прочитать.</translation>
    </message>
</context>
<context>
    <name>RoutingClassifier</name>
    <message>
        <source>the classifier&apos;s answer was not valid JSON</source>
        <translation>ответ классификатора не был корректным JSON</translation>
    </message>
    <message>
        <source>the classifier&apos;s answer lacked an agent or a confidence from 0 to 1</source>
        <translation>в ответе классификатора не было агента или уверенности от 0 до 1</translation>
    </message>
    <message>
        <source>the classifier named an unknown agent “%1”</source>
        <translation>классификатор назвал неизвестного агента «%1»</translation>
    </message>
    <message>
        <source>the classifier failed: %1</source>
        <translation>классификатор не ответил: %1</translation>
    </message>
</context>
<context>
    <name>RoutingText</name>
    <message>
        <source>Routed to %1 · %2</source>
        <translation>Направлено к: %1 · %2</translation>
    </message>
    <message>
        <source>Staying with %1: %2</source>
        <translation>Остаётся у: %1: %2</translation>
    </message>
    <message>
        <source>Staying with %1 (the classifier said %2 · %3)</source>
        <translation>Остаётся у: %1 (классификатор: %2 · %3)</translation>
    </message>
    <message>
        <source>Routed to %1 by keywords: %2</source>
        <translation>Направлено к: %1 по ключевым словам: %2</translation>
    </message>
    <message>
        <source>Routed to %1 by keywords (the classifier said %2 · %3)</source>
        <translation>Направлено к: %1 по ключевым словам (классификатор: %2 · %3)</translation>
    </message>
    <message>
        <source>Routed to %1: %2</source>
        <translation>Направлено к: %1: %2</translation>
    </message>
    <message>
        <source>Routed to %1: nothing else matched (the classifier said %2 · %3)</source>
        <translation>Направлено к: %1: ничего другого не подошло (классификатор: %2 · %3)</translation>
    </message>
    <message>
        <source>%1 carries out what you confirmed</source>
        <translation>%1 выполняет подтверждённое вами</translation>
    </message>
    <message>
        <source>%1: you declined, nothing was done</source>
        <translation>%1: вы отказались, ничего не сделано</translation>
    </message>
    <message>
        <source>Routed to %1 (chosen directly)</source>
        <translation>Направлено к: %1 (выбрано напрямую)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>the unconfirmed proposal was dropped</source>
        <translation>неподтверждённое предложение отброшено</translation>
    </message>
    <message>
        <source>%1 carries out what you confirmed, with your changes</source>
        <translation>%1 выполняет то, что вы подтвердили, с вашими изменениями</translation>
    </message>
    <message>
        <source>%1 asks again with your changes</source>
        <translation>%1 спрашивает снова, с вашими изменениями</translation>
    </message>
</context>
<context>
    <name>RunCommandTool</name>
    <message>
        <source>run_command runs as a job.</source>
        <translation>run_command выполняется как задание.</translation>
    </message>
</context>
<context>
    <name>RunRecovery</name>
    <message>
        <source>Tandem closed while handing the message to agent 2.</source>
        <translation>Tandem закрылся, пока сообщение передавалось 2-му агенту.</translation>
    </message>
    <message>
        <source>Tandem closed while this reply was written.</source>
        <translation>Tandem был закрыт, пока писался этот ответ.</translation>
    </message>
    <message>
        <source>Interrupted: no reply was written.</source>
        <translation>Прервано: ответ не был записан.</translation>
    </message>
    <message>
        <source>Tandem closed while this tool ran.</source>
        <translation>Tandem закрылся, пока работал этот инструмент.</translation>
    </message>
</context>
<context>
    <name>ServeBoard</name>
    <message>
        <source>The keychain could not be read for the board&apos;s password: %1</source>
        <translation>Не удалось прочитать пароль доски из связки ключей: %1</translation>
    </message>
    <message>
        <source>The team board %1 asks for a password and the keychain holds none for it: store it with “tandem board password %1”.</source>
        <translation>Доска команды %1 требует пароль, а в связке ключей его нет: сохраните его командой «tandem board password %1».</translation>
    </message>
    <message>
        <source>The team board %1 refused the user or the password; store the right password with “tandem board password %1”. (%2)</source>
        <translation>Доска команды %1 отклонила пользователя или пароль; сохраните верный пароль командой «tandem board password %1». (%2)</translation>
    </message>
    <message>
        <source>The team board %1 cannot be reached with sslmode=%2. (%3)</source>
        <translation>К доске команды %1 нельзя подключиться с sslmode=%2. (%3)</translation>
    </message>
    <message>
        <source>The team board %1 does not answer: is the server running, and may this machine reach it? (%2)</source>
        <translation>Доска команды %1 не отвечает: запущен ли сервер и может ли этот компьютер к нему подключиться? (%2)</translation>
    </message>
    <message>
        <source>The team board %1 cannot be used. (%2)</source>
        <translation>Доску команды %1 нельзя использовать. (%2)</translation>
    </message>
</context>
<context>
    <name>ServeCommand</name>
    <message>
        <source>--port needs a port number from 0 to 65535 (0: a free one).</source>
        <translation>--port требует номер порта от 0 до 65535 (0 — любой свободный).</translation>
    </message>
    <message>
        <source>Tandem&apos;s local API: %1</source>
        <translation>Локальный API Tandem: %1</translation>
    </message>
    <message>
        <source>Token: %1</source>
        <translation>Токен: %1</translation>
    </message>
    <message>
        <source>There is no keychain: the token is kept in memory until serve stops, and the next start makes a new one.</source>
        <translation>Связки ключей нет: токен хранится в памяти, пока работает serve, а при следующем запуске будет создан новый.</translation>
    </message>
    <message>
        <source>--listen needs an IP address, with :PORT if wanted (such as 0.0.0.0:8765); “%1” is not one.</source>
        <translation>--listen нужен IP-адрес, при желании с :ПОРТ (например, 0.0.0.0:8765); «%1» им не является.</translation>
    </message>
    <message>
        <source>tandem serve listens beyond this computer (%1) only with TLS: give --tls-cert FILE and --tls-key FILE, or listen on 127.0.0.1.</source>
        <translation>tandem serve слушает за пределами этого компьютера (%1) только с TLS: укажите --tls-cert FILE и --tls-key FILE или слушайте 127.0.0.1.</translation>
    </message>
    <message>
        <source>Team board: %1</source>
        <translation>Доска команды: %1</translation>
    </message>
</context>
<context>
    <name>StoryCommand</name>
    <message>
        <source>Usage: tandem story start|stop --story STORY|--conversation ID [--payload JSON] [--json]</source>
        <translation>Использование: tandem story start|stop --story STORY|--conversation ID [--payload JSON] [--json]</translation>
    </message>
    <message>
        <source>Say what to do with the story: start or stop.</source>
        <translation>Укажите, что сделать с историей: start или stop.</translation>
    </message>
    <message>
        <source>Unknown action “%1”: use start or stop.</source>
        <translation>Неизвестное действие «%1»: используйте start или stop.</translation>
    </message>
    <message>
        <source>Give the story: --story STORY (or --conversation ID).</source>
        <translation>Укажите историю: --story ИСТОРИЯ (или --conversation ID).</translation>
    </message>
    <message>
        <source>--payload goes with start and needs a JSON object, such as {&quot;story&quot;: &quot;…&quot;}.</source>
        <translation>--payload используется со start и должен быть JSON-объектом, например {&quot;story&quot;: &quot;…&quot;}.</translation>
    </message>
    <message>
        <source>There is no story %1.</source>
        <translation>Истории %1 нет.</translation>
    </message>
    <message>
        <source>There is no conversation %1.</source>
        <translation>Разговора %1 нет.</translation>
    </message>
    <message>
        <source>Story %1 started: handoff #%2 from %3 to %4 is pending.</source>
        <translation>История %1 запущена: передача №%2 от %3 к %4 ожидает.</translation>
    </message>
    <message numerus="yes">
        <source>Story %1 stopped; %n pending handoff(s) cancelled.</source>
        <translation>
            <numerusform>История %1 остановлена; отменена %n ожидающая передача.</numerusform>
            <numerusform>История %1 остановлена; отменены %n ожидающие передачи.</numerusform>
            <numerusform>История %1 остановлена; отменено %n ожидающих передач.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StoryRuns</name>
    <message>
        <source>The story was stopped.</source>
        <translation>Работа над историей остановлена.</translation>
    </message>
</context>
<context>
    <name>Tandem::AgentGraphView</name>
    <message>
        <source>Transition graph</source>
        <translation>Граф передач</translation>
    </message>
    <message>
        <source>%1 to %2: %3</source>
        <translation>%1 → %2: %3</translation>
    </message>
    <message>
        <source>payload</source>
        <translation>данные</translation>
    </message>
    <message>
        <source>summary</source>
        <translation>сводка</translation>
    </message>
    <message>
        <source>full history</source>
        <translation>вся история</translation>
    </message>
    <message>
        <source>same turn</source>
        <translation>в том же ходе</translation>
    </message>
    <message>
        <source>next turn</source>
        <translation>в следующем ходе</translation>
    </message>
    <message>
        <source>warm</source>
        <translation>тёплая</translation>
    </message>
    <message>
        <source>This mode has no agents.</source>
        <translation>В этом режиме нет агентов.</translation>
    </message>
    <message>
        <source>Double border: terminal · dashed: disabled</source>
        <translation>Двойная рамка: завершающий · пунктир: выключен</translation>
    </message>
    <message>
        <source>reference to history</source>
        <translation>ссылка на историю</translation>
    </message>
</context>
<context>
    <name>Tandem::AgentRunner</name>
    <message>
        <source>Stopped.</source>
        <translation>Остановлено.</translation>
    </message>
    <message>
        <source>%1 was stopped.</source>
        <translation>Агент «%1» остановлен.</translation>
    </message>
    <message>
        <source>there is no model provider: add one in the settings</source>
        <translation>нет провайдера модели: добавьте его в настройках</translation>
    </message>
    <message>
        <source>The message for %1 could not be stored.</source>
        <translation>Сообщение для %1 не удалось сохранить.</translation>
    </message>
</context>
<context>
    <name>Tandem::AgentTargetsTable</name>
    <message>
        <source>Handoff targets</source>
        <translation>Кому передаёт</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Кому</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Контекст</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>Когда</translation>
    </message>
    <message>
        <source>Warm</source>
        <translation>Тёплая</translation>
    </message>
    <message>
        <source>Add &amp;target</source>
        <translation>&amp;Добавить получателя</translation>
    </message>
    <message>
        <source>Add a handoff target</source>
        <translation>Добавить получателя передачи</translation>
    </message>
    <message>
        <source>Remo&amp;ve target</source>
        <translation>&amp;Убрать получателя</translation>
    </message>
    <message>
        <source>Remove the selected handoff target</source>
        <translation>Убрать выбранного получателя передачи</translation>
    </message>
    <message>
        <source>Target agent</source>
        <translation>Агент-получатель</translation>
    </message>
    <message>
        <source>Context transfer</source>
        <translation>Передача контекста</translation>
    </message>
    <message>
        <source>Payload</source>
        <translation>Данные</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Сводка</translation>
    </message>
    <message>
        <source>Full history</source>
        <translation>Вся история</translation>
    </message>
    <message>
        <source>Same turn</source>
        <translation>В том же ходе</translation>
    </message>
    <message>
        <source>Next turn</source>
        <translation>В следующем ходе</translation>
    </message>
    <message>
        <source>Warm handoff: the target confirms it</source>
        <translation>Тёплая передача: получатель её подтверждает</translation>
    </message>
    <message>
        <source>Reference to history</source>
        <translation>Ссылка на историю</translation>
    </message>
</context>
<context>
    <name>Tandem::AgentsEditor</name>
    <message>
        <source>Agents</source>
        <translation>Агенты</translation>
    </message>
    <message>
        <source>&amp;Mode:</source>
        <translation>&amp;Режим:</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Режим</translation>
    </message>
    <message>
        <source>Agents of the mode</source>
        <translation>Агенты режима</translation>
    </message>
    <message>
        <source>A&amp;gent</source>
        <translation>&amp;Агент</translation>
    </message>
    <message>
        <source>T&amp;ools</source>
        <translation>&amp;Инструменты</translation>
    </message>
    <message>
        <source>&amp;Handoffs</source>
        <translation>&amp;Передачи</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Имя:</translation>
    </message>
    <message>
        <source>&amp;Role:</source>
        <translation>Р&amp;оль:</translation>
    </message>
    <message>
        <source>Mo&amp;del:</source>
        <translation>&amp;Модель:</translation>
    </message>
    <message>
        <source>The conversation&apos;s model</source>
        <translation>Модель беседы</translation>
    </message>
    <message>
        <source>&amp;Provider:</source>
        <translation>П&amp;ровайдер:</translation>
    </message>
    <message>
        <source>The conversation&apos;s provider</source>
        <translation>Провайдер беседы</translation>
    </message>
    <message>
        <source>&amp;Instructions:</source>
        <translation>&amp;Указания:</translation>
    </message>
    <message>
        <source>Variables such as $STORY_ID, $BRANCH or $DASHBOARD_URL take the conversation&apos;s values; write $$ for a dollar sign.</source>
        <translation>Переменные вроде $STORY_ID, $BRANCH или $DASHBOARD_URL получают значения беседы; знак доллара пишется как $$.</translation>
    </message>
    <message>
        <source>&amp;Terminal (never hands over)</source>
        <translation>&amp;Завершающий (никому не передаёт)</translation>
    </message>
    <message>
        <source>&amp;Enabled</source>
        <translation>&amp;Включён</translation>
    </message>
    <message>
        <source>The tools this agent may call. Tools that need approval are chosen in Settings → Guardrails.</source>
        <translation>Инструменты, которые может вызывать этот агент. Какие из них требуют одобрения, задаётся в «Настройки → Ограничители».</translation>
    </message>
    <message>
        <source>Allowed tools</source>
        <translation>Разрешённые инструменты</translation>
    </message>
    <message>
        <source>Reset to &amp;Preset</source>
        <translation>&amp;Вернуть встроенного</translation>
    </message>
    <message>
        <source>Remove your changes: the agent shipped with Tandem returns</source>
        <translation>Убрать ваши изменения: вернётся агент, поставляемый с Tandem</translation>
    </message>
    <message>
        <source>Reset T&amp;hread</source>
        <translation>С&amp;бросить ветку</translation>
    </message>
    <message>
        <source>The agent forgets the open conversation; the others keep theirs</source>
        <translation>Агент забудет открытую беседу; остальные сохранят свои ветки</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Сохранить</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <source>Agents editor status</source>
        <translation>Состояние редактора агентов</translation>
    </message>
    <message>
        <source>%1 (edited)</source>
        <translation>%1 (изменён)</translation>
    </message>
    <message>
        <source>Saved; the next answer uses this agent.</source>
        <translation>Сохранено; следующий ответ даст этот агент.</translation>
    </message>
    <message>
        <source>Reset to Preset</source>
        <translation>Вернуть встроенного агента</translation>
    </message>
    <message>
        <source>Remove your changes to “%1”? The agent shipped with Tandem returns.</source>
        <translation>Убрать ваши изменения агента «%1»? Вернётся агент, поставляемый с Tandem.</translation>
    </message>
    <message>
        <source>The shipped agent is back.</source>
        <translation>Встроенный агент возвращён.</translation>
    </message>
    <message>
        <source>%1 starts afresh in this conversation.</source>
        <translation>«%1» начинает эту беседу заново.</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>Несохранённые изменения</translation>
    </message>
    <message>
        <source>Save your changes to “%1”?</source>
        <translation>Сохранить изменения агента «%1»?</translation>
    </message>
    <message>
        <source>If you do not save them, your changes are lost.</source>
        <translation>Если их не сохранить, изменения будут потеряны.</translation>
    </message>
    <message>
        <source>Remove your changes to “%1”, the unsaved ones too? The agent shipped with Tandem returns.</source>
        <translation>Убрать ваши изменения агента «%1», в том числе несохранённые? Вернётся агент, поставляемый с Tandem.</translation>
    </message>
    <message>
        <source>Re&amp;move Agent</source>
        <translation>&amp;Удалить агента</translation>
    </message>
    <message>
        <source>Remove an agent Tandem does not ship: your own, or one that came with an import</source>
        <translation>Удалить агента, которого нет в поставке Tandem: вашего собственного или пришедшего с импортом</translation>
    </message>
    <message>
        <source>%1 (imported)</source>
        <translation>%1 (импортирован)</translation>
    </message>
    <message>
        <source>Remove Agent</source>
        <translation>Удалить агента</translation>
    </message>
    <message>
        <source>Remove “%1”? Its conversations keep their messages.</source>
        <translation>Удалить «%1»? Его беседы сохранят свои сообщения.</translation>
    </message>
    <message>
        <source>“%1” was removed.</source>
        <translation>«%1» удалён.</translation>
    </message>
    <message>
        <source>Des&amp;cription:</source>
        <translation>Описа&amp;ние:</translation>
    </message>
    <message>
        <source>What it handles, for the orchestrator (router mode)</source>
        <translation>Чем занимается, для оркестратора (режим маршрутизатора)</translation>
    </message>
    <message>
        <source>&amp;Keywords:</source>
        <translation>&amp;Ключевые слова:</translation>
    </message>
    <message>
        <source>Words that send a message here, separated by commas (router mode)</source>
        <translation>Слова, по которым сообщение попадает сюда, через запятую (режим маршрутизатора)</translation>
    </message>
    <message>
        <source>Ne&amp;w Agent…</source>
        <translation>Нов&amp;ый агент…</translation>
    </message>
    <message>
        <source>Add your own agent to this mode</source>
        <translation>Добавить в этот режим своего агента</translation>
    </message>
    <message>
        <source>New Agent</source>
        <translation>Новый агент</translation>
    </message>
    <message>
        <source>Name of the new agent:</source>
        <translation>Имя нового агента:</translation>
    </message>
    <message>
        <source>“%1” was added; give it its instructions and save.</source>
        <translation>«%1» добавлен; дайте ему указания и сохраните.</translation>
    </message>
</context>
<context>
    <name>Tandem::AgentsEditorViewModel</name>
    <message>
        <source>You</source>
        <translation>Вы</translation>
    </message>
    <message>
        <source>End of the pipeline</source>
        <translation>Конец конвейера</translation>
    </message>
    <message>
        <source>Name: every agent needs a name.</source>
        <translation>Имя: у каждого агента должно быть имя.</translation>
    </message>
    <message>
        <source>Allowed tools: “%1” is no tool. The tools are: %2.</source>
        <translation>Разрешённые инструменты: «%1» — не инструмент. Инструменты: %2.</translation>
    </message>
    <message>
        <source>Terminal: a terminal agent never hands over; remove its handoff targets first.</source>
        <translation>Завершающий: завершающий агент никому не передаёт; сначала уберите его получателей.</translation>
    </message>
    <message>
        <source>Handoff targets: an agent cannot hand over to itself.</source>
        <translation>Получатели передачи: агент не может передавать самому себе.</translation>
    </message>
    <message>
        <source>Handoff targets: “%1” is no agent of this mode; choose among %2.</source>
        <translation>Получатели передачи: «%1» — не агент этого режима; выберите из: %2.</translation>
    </message>
    <message>
        <source>Handoff targets: “%1” is listed twice.</source>
        <translation>Получатели передачи: «%1» указан дважды.</translation>
    </message>
    <message>
        <source>Handoff targets: %1 would hand the work around in a circle that never reaches a terminal agent; make one of them terminal or give it a way out.</source>
        <translation>Получатели передачи: %1 передавали бы работу по кругу, не доходя до завершающего агента; сделайте одного из них завершающим или дайте ему выход.</translation>
    </message>
    <message>
        <source>There is no repository.</source>
        <translation>Хранилище недоступно.</translation>
    </message>
    <message>
        <source>Open a conversation first: a thread belongs to one.</source>
        <translation>Сначала откройте беседу: ветка принадлежит беседе.</translation>
    </message>
    <message>
        <source>The thread cannot be reset while the conversation is answering.</source>
        <translation>Ветку нельзя сбросить, пока беседа отвечает.</translation>
    </message>
    <message>
        <source>You are %1.</source>
        <translation>Ты — %1.</translation>
    </message>
</context>
<context>
    <name>Tandem::AgentsSettingsPage</name>
    <message>
        <source>The provider&apos;s default</source>
        <translation>По умолчанию у провайдера</translation>
    </message>
    <message>
        <source>Assistant default model</source>
        <translation>Модель ассистента по умолчанию</translation>
    </message>
    <message>
        <source>Agent 1 default model</source>
        <translation>Модель агента 1 по умолчанию</translation>
    </message>
    <message>
        <source>Agent 2 default model</source>
        <translation>Модель агента 2 по умолчанию</translation>
    </message>
    <message>
        <source>Workspace folder for the file tools</source>
        <translation>Рабочая папка для файловых инструментов</translation>
    </message>
    <message>
        <source>None: the file tools are off</source>
        <translation>Нет: файловые инструменты отключены</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Обзор…</translation>
    </message>
    <message>
        <source>Choose the workspace folder</source>
        <translation>Выбрать рабочую папку</translation>
    </message>
    <message>
        <source>Workspace folder</source>
        <translation>Рабочая папка</translation>
    </message>
    <message>
        <source>The model each agent uses when a conversation does not name one.</source>
        <translation>Модель, которую использует каждый агент, если в беседе она не указана.</translation>
    </message>
    <message>
        <source>A&amp;ssistant (single agent):</source>
        <translation>Ассис&amp;тент (один агент):</translation>
    </message>
    <message>
        <source>Agent &amp;1 (clarifies):</source>
        <translation>Агент &amp;1 (уточняет):</translation>
    </message>
    <message>
        <source>Agent &amp;2 (validates, rewrites):</source>
        <translation>Агент &amp;2 (проверяет, переписывает):</translation>
    </message>
    <message>
        <source>The file tools may list and read files only inside this folder; writing and deleting always ask you first.</source>
        <translation>Файловые инструменты могут просматривать и читать файлы только в этой папке; на запись и удаление всегда спрашивается ваше подтверждение.</translation>
    </message>
    <message>
        <source>&amp;Workspace folder:</source>
        <translation>Рабо&amp;чая папка:</translation>
    </message>
</context>
<context>
    <name>Tandem::AnswerCombiner</name>
    <message>
        <source>%1 combines the answers of %2</source>
        <translation>%1 объединяет ответы: %2</translation>
    </message>
    <message>
        <source>The combined answer could not be stored.</source>
        <translation>Объединённый ответ не удалось сохранить.</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Остановлено.</translation>
    </message>
</context>
<context>
    <name>Tandem::ApiServer</name>
    <message>
        <source>The local API listens beyond this computer (%1) only with TLS: give --tls-cert FILE and --tls-key FILE, or listen on 127.0.0.1.</source>
        <translation>Локальный API слушает за пределами этого компьютера (%1) только с TLS: укажите --tls-cert FILE и --tls-key FILE или слушайте 127.0.0.1.</translation>
    </message>
    <message>
        <source>The local API listens beyond this computer only with per-agent tokens, and none can be read.</source>
        <translation>Локальный API слушает за пределами этого компьютера только с токенами агентов, а их не удаётся прочитать.</translation>
    </message>
    <message>
        <source>The local API cannot listen on %1:%2: %3</source>
        <translation>Локальный API не может слушать %1:%2: %3</translation>
    </message>
    <message>
        <source>TLS needs both a certificate (--tls-cert FILE) and its private key (--tls-key FILE).</source>
        <translation>Для TLS нужны и сертификат (--tls-cert FILE), и его закрытый ключ (--tls-key FILE).</translation>
    </message>
    <message>
        <source>Cannot read the certificate or its key: %1</source>
        <translation>Не удаётся прочитать сертификат или его ключ: %1</translation>
    </message>
    <message>
        <source>%1 holds no PEM certificate, or %2 no PEM private key without a pass phrase.</source>
        <translation>В %1 нет сертификата PEM или в %2 нет закрытого ключа PEM без парольной фразы.</translation>
    </message>
</context>
<context>
    <name>Tandem::AppearanceSettingsPage</name>
    <message>
        <source>Language</source>
        <translation>Язык</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Тема</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Как в системе</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Светлая</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Тёмная</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Язык:</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>Т&amp;ема:</translation>
    </message>
</context>
<context>
    <name>Tandem::ApprovalDialog</name>
    <message>
        <source>Allow &amp;once</source>
        <translation>Разрешить &amp;один раз</translation>
    </message>
    <message>
        <source>&amp;Always allow in this conversation</source>
        <translation>Всегда &amp;разрешать в этой беседе</translation>
    </message>
    <message>
        <source>Approve Tool Call</source>
        <translation>Подтверждение вызова инструмента</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; wants to run the tool &lt;b&gt;%2&lt;/b&gt;. Check the arguments below; you may edit them.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; хочет запустить инструмент &lt;b&gt;%2&lt;/b&gt;. Проверьте аргументы ниже; их можно изменить.</translation>
    </message>
    <message>
        <source>Tool arguments (JSON)</source>
        <translation>Аргументы инструмента (JSON)</translation>
    </message>
    <message>
        <source>&amp;Deny</source>
        <translation>&amp;Запретить</translation>
    </message>
    <message>
        <source>Deny the tool call</source>
        <translation>Запретить вызов инструмента</translation>
    </message>
    <message>
        <source>Allow the tool call once</source>
        <translation>Разрешить вызов инструмента один раз</translation>
    </message>
    <message>
        <source>Always allow this tool in this conversation</source>
        <translation>Всегда разрешать этот инструмент в этой беседе</translation>
    </message>
    <message>
        <source>The arguments are not valid JSON: %1</source>
        <translation>Аргументы не являются допустимым JSON: %1</translation>
    </message>
    <message>
        <source>The arguments are not valid JSON for a tool: they must be one object, { … }.</source>
        <translation>Аргументы не годятся для инструмента: это должен быть один объект JSON, { … }.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; wants to run the tool &lt;b&gt;%2&lt;/b&gt;. Check the arguments below.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; хочет запустить инструмент &lt;b&gt;%2&lt;/b&gt;. Проверьте аргументы ниже.</translation>
    </message>
    <message>
        <source>&amp;Save Arguments…</source>
        <translation>&amp;Сохранить аргументы…</translation>
    </message>
    <message>
        <source>Save the whole arguments to a file</source>
        <translation>Сохранить аргументы целиком в файл</translation>
    </message>
    <message>
        <source>Save Arguments</source>
        <translation>Сохранить аргументы</translation>
    </message>
    <message>
        <source>%1-arguments.json</source>
        <translation>%1-аргументы.json</translation>
    </message>
    <message>
        <source>JSON (*.json);;All files (*)</source>
        <translation>JSON (*.json);;Все файлы (*)</translation>
    </message>
    <message>
        <source>The arguments could not be written to %1.</source>
        <translation>Не удалось записать аргументы в %1.</translation>
    </message>
    <message>
        <source>The arguments are %1 characters (%2), too long to show or edit here: every field is shown, cut to its first %3 characters. Save Arguments… writes all of them to a file.</source>
        <translation>Аргументы занимают %1 символов (%2) — слишком много, чтобы показать или изменить их здесь: показано каждое поле, обрезанное до первых %3 символов. «Сохранить аргументы…» записывает их целиком в файл.</translation>
    </message>
    <message numerus="yes">
        <source>The arguments are longer than %n characters.</source>
        <translation>
            <numerusform>Аргументы длиннее %n символа.</numerusform>
            <numerusform>Аргументы длиннее %n символов.</numerusform>
            <numerusform>Аргументы длиннее %n символов.</numerusform>
        </translation>
    </message>
    <message>
        <source>The arguments name “%1” more than once: keep one.</source>
        <translation>Аргумент «%1» указан больше одного раза: оставьте один.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; wants to run a command in the workspace. Check the command and its folder; you may edit them.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; хочет выполнить команду в рабочей папке. Проверьте команду и её папку; их можно изменить.</translation>
    </message>
    <message>
        <source>The tool comes from the MCP server &lt;b&gt;%1&lt;/b&gt;.</source>
        <translation>Инструмент предоставлен MCP-сервером &lt;b&gt;%1&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>Let this conversation&apos;s commands use the &amp;network</source>
        <translation>&amp;Доступ к сети для команд этой беседы</translation>
    </message>
    <message>
        <source>The agent&apos;s file asks for the network (network: true). Asked once for the conversation; without it commands run with no network.</source>
        <translation>Файл агента просит доступ к сети (network: true). Спрашивается один раз для беседы; без него команды выполняются без сети.</translation>
    </message>
</context>
<context>
    <name>Tandem::ChatView</name>
    <message>
        <source>Messages</source>
        <translation>Сообщения</translation>
    </message>
    <message>
        <source>Message actions</source>
        <translation>Действия с сообщением</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Копировать</translation>
    </message>
    <message>
        <source>&amp;Select Text</source>
        <translation>&amp;Выделить текст</translation>
    </message>
    <message>
        <source>Copy &amp;Link</source>
        <translation>Копировать сс&amp;ылку</translation>
    </message>
    <message>
        <source>&amp;Regenerate</source>
        <translation>&amp;Сгенерировать заново</translation>
    </message>
    <message>
        <source>Re&amp;try</source>
        <translation>&amp;Повторить</translation>
    </message>
    <message>
        <source>&amp;Inspect Handoff…</source>
        <translation>&amp;Открыть передачу…</translation>
    </message>
    <message>
        <source>Version %1 of %2; Alt+Left and Alt+Right show the others</source>
        <translation>Версия %1 из %2; Alt+Left и Alt+Right показывают другие</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>&amp;Изменить…</translation>
    </message>
    <message>
        <source>Regenerate T&amp;his Answer</source>
        <translation>Сгенерировать &amp;этот ответ заново</translation>
    </message>
    <message>
        <source>&amp;Previous Version</source>
        <translation>&amp;Предыдущая версия</translation>
    </message>
    <message>
        <source>&amp;Next Version</source>
        <translation>&amp;Следующая версия</translation>
    </message>
    <message>
        <source>&amp;Fork from Here</source>
        <translation>&amp;Ответвить отсюда</translation>
    </message>
</context>
<context>
    <name>Tandem::ChatViewModel</name>
    <message>
        <source>The conversation could not be created.</source>
        <translation>Не удалось создать беседу.</translation>
    </message>
    <message>
        <source>The message could not be saved, so it was not sent.</source>
        <translation>Не удалось сохранить сообщение, поэтому оно не отправлено.</translation>
    </message>
    <message>
        <source>There is nothing to regenerate.</source>
        <translation>Нечего генерировать заново.</translation>
    </message>
    <message>
        <source>The mode could not be changed.</source>
        <translation>Не удалось изменить режим.</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>Идёт работа…</translation>
    </message>
    <message>
        <source>%1 is working…</source>
        <translation>%1 работает…</translation>
    </message>
    <message>
        <source>%1 are working…</source>
        <translation>%1 работают…</translation>
    </message>
    <message>
        <source>No conversation open</source>
        <translation>Беседа не открыта</translation>
    </message>
    <message>
        <source>No agent</source>
        <translation>Нет агента</translation>
    </message>
    <message>
        <source>Agent: %1</source>
        <translation>Агент: %1</translation>
    </message>
    <message>
        <source>No provider</source>
        <translation>Нет провайдера</translation>
    </message>
    <message>
        <source>Provider: %1</source>
        <translation>Провайдер: %1</translation>
    </message>
    <message>
        <source>The provider&apos;s default model</source>
        <translation>Модель провайдера по умолчанию</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>Модель: %1</translation>
    </message>
    <message>
        <source>This conversation is answering in another Tandem window or command (process %1). Send your message again when it is done.</source>
        <translation>Эта беседа сейчас отвечает в другом окне или команде Tandem (процесс %1). Отправьте сообщение ещё раз, когда ответ закончится.</translation>
    </message>
    <message>
        <source>Agent files: %1</source>
        <translation>Файлы агентов: %1</translation>
    </message>
    <message>
        <source>Agent files: %1 (problems in all: %2)</source>
        <translation>Файлы агентов: %1 (всего проблем: %2)</translation>
    </message>
    <message>
        <source>This conversation is still answering. Send your message again when it is done.</source>
        <translation>Эта беседа ещё отвечает. Отправьте сообщение ещё раз, когда ответ закончится.</translation>
    </message>
    <message>
        <source>The message is empty.</source>
        <translation>Сообщение пустое.</translation>
    </message>
    <message>
        <source>The conversation no longer exists.</source>
        <translation>Этой беседы больше нет.</translation>
    </message>
    <message>
        <source>The agent is unknown or switched off.</source>
        <translation>Агент неизвестен или выключен.</translation>
    </message>
    <message>
        <source>The conversation could not be forked.</source>
        <translation>Не удалось ответвить беседу.</translation>
    </message>
</context>
<context>
    <name>Tandem::CommandApprovalFields</name>
    <message>
        <source>&amp;Command:</source>
        <translation>&amp;Команда:</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>&amp;Папка:</translation>
    </message>
    <message numerus="yes">
        <source>standard input of %n character(s)</source>
        <translation>
            <numerusform>стандартным вводом в %n символ</numerusform>
            <numerusform>стандартным вводом в %n символа</numerusform>
            <numerusform>стандартным вводом в %n символов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>a time limit of %n second(s)</source>
        <translation>
            <numerusform>ограничением времени в %n секунду</numerusform>
            <numerusform>ограничением времени в %n секунды</numerusform>
            <numerusform>ограничением времени в %n секунд</numerusform>
        </translation>
    </message>
    <message>
        <source>With %1.</source>
        <translation>С %1.</translation>
    </message>
    <message>
        <source>Command line</source>
        <translation>Строка команды</translation>
    </message>
    <message>
        <source>The program and its arguments. Quote a word that has spaces: &apos;two words&apos;. No shell runs it unless you name one, e.g. sh -c &apos;ls | wc -l&apos;.</source>
        <translation>Программа и её аргументы. Слово с пробелами заключите в кавычки: &apos;два слова&apos;. Оболочка не запускается, если вы её не назовёте, например sh -c &apos;ls | wc -l&apos;.</translation>
    </message>
    <message>
        <source>Working folder</source>
        <translation>Рабочая папка</translation>
    </message>
    <message>
        <source>The workspace&apos;s root</source>
        <translation>Корень рабочей папки</translation>
    </message>
    <message>
        <source>The folder the command runs in, relative to the workspace.</source>
        <translation>Папка, в которой выполняется команда, относительно рабочей папки.</translation>
    </message>
    <message>
        <source>The command line is empty.</source>
        <translation>Строка команды пуста.</translation>
    </message>
    <message numerus="yes">
        <source>The command is longer than %n characters.</source>
        <translation>
            <numerusform>Команда длиннее %n символа.</numerusform>
            <numerusform>Команда длиннее %n символов.</numerusform>
            <numerusform>Команда длиннее %n символов.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tandem::Composer</name>
    <message>
        <source>&amp;Send</source>
        <translation>&amp;Отправить</translation>
    </message>
    <message>
        <source>Write a message. Enter sends, Shift+Enter starts a new line.</source>
        <translation>Напишите сообщение. Enter — отправить, Shift+Enter — новая строка.</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Сообщение</translation>
    </message>
    <message>
        <source>Send message</source>
        <translation>Отправить сообщение</translation>
    </message>
    <message>
        <source>Send the message (Enter)</source>
        <translation>Отправить сообщение (Enter)</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>Ос&amp;тановить</translation>
    </message>
    <message>
        <source>Stop the reply</source>
        <translation>Остановить ответ</translation>
    </message>
    <message>
        <source>Stop the reply (Esc); what was written so far stays</source>
        <translation>Остановить ответ (Esc); уже написанное сохранится</translation>
    </message>
</context>
<context>
    <name>Tandem::ConversationCommands</name>
    <message>
        <source>Rename Conversation</source>
        <translation>Переименовать беседу</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>Название:</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Новая беседа</translation>
    </message>
    <message>
        <source>Delete Conversation</source>
        <translation>Удалить беседу</translation>
    </message>
    <message>
        <source>Delete “%1” with all its messages and handoffs? This cannot be undone.</source>
        <translation>Удалить «%1» со всеми сообщениями и передачами? Это действие нельзя отменить.</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Удалить</translation>
    </message>
</context>
<context>
    <name>Tandem::ConversationListModel</name>
    <message>
        <source>Pinned</source>
        <translation>Закреплённые</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>Сегодня</translation>
    </message>
    <message>
        <source>Yesterday</source>
        <translation>Вчера</translation>
    </message>
    <message>
        <source>Previous 7 days</source>
        <translation>Предыдущие 7 дней</translation>
    </message>
    <message>
        <source>Previous 30 days</source>
        <translation>Предыдущие 30 дней</translation>
    </message>
    <message>
        <source>Older</source>
        <translation>Ранее</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Новая беседа</translation>
    </message>
</context>
<context>
    <name>Tandem::ConversationSearchModel</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Search results</source>
        <translation>Результаты поиска</translation>
    </message>
</context>
<context>
    <name>Tandem::ExchangeFlow</name>
    <message>
        <source>Export failed</source>
        <translation>Экспорт не удался</translation>
    </message>
    <message>
        <source>Export to Folder</source>
        <translation>Экспорт в папку</translation>
    </message>
    <message>
        <source>Export Conversations</source>
        <translation>Экспорт бесед</translation>
    </message>
    <message>
        <source>Exporting conversations…</source>
        <translation>Экспорт бесед…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Экспорт</translation>
    </message>
    <message>
        <source>Import Conversations</source>
        <translation>Импорт бесед</translation>
    </message>
    <message>
        <source>Import refused</source>
        <translation>Импорт отклонён</translation>
    </message>
</context>
<context>
    <name>Tandem::ExchangeViewModel</name>
    <message>
        <source>Markdown</source>
        <translation>Markdown</translation>
    </message>
    <message>
        <source>JSON (can be imported again)</source>
        <translation>JSON (можно импортировать обратно)</translation>
    </message>
    <message>
        <source>HTML (one web page)</source>
        <translation>HTML (одна веб-страница)</translation>
    </message>
    <message>
        <source>PDF</source>
        <translation>PDF</translation>
    </message>
    <message>
        <source>Plain text</source>
        <translation>Простой текст</translation>
    </message>
    <message>
        <source>Tandem conversations</source>
        <translation>Беседы Tandem</translation>
    </message>
    <message>
        <source>conversation</source>
        <translation>беседа</translation>
    </message>
    <message>
        <source>An export is already running.</source>
        <translation>Экспорт уже идёт.</translation>
    </message>
    <message>
        <source>Choose what to export, a format and where to write it.</source>
        <translation>Выберите, что экспортировать, формат и куда записать.</translation>
    </message>
    <message>
        <source>Exported to %1.</source>
        <translation>Экспортировано в %1.</translation>
    </message>
    <message>
        <source>The export was cancelled; nothing was written.</source>
        <translation>Экспорт отменён; ничего не записано.</translation>
    </message>
    <message numerus="yes">
        <source>%n files exported.</source>
        <translation>
            <numerusform>Экспортирован %n файл.</numerusform>
            <numerusform>Экспортировано %n файла.</numerusform>
            <numerusform>Экспортировано %n файлов.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n conversations imported.</source>
        <translation>
            <numerusform>Импортирована %n беседа.</numerusform>
            <numerusform>Импортированы %n беседы.</numerusform>
            <numerusform>Импортировано %n бесед.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tandem::ExportDialog</name>
    <message>
        <source>Export Conversations</source>
        <translation>Экспорт бесед</translation>
    </message>
    <message>
        <source>What to export</source>
        <translation>Что экспортировать</translation>
    </message>
    <message>
        <source>&amp;This conversation</source>
        <translation>&amp;Эту беседу</translation>
    </message>
    <message>
        <source>&amp;Selected conversations:</source>
        <translation>&amp;Выбранные беседы:</translation>
    </message>
    <message>
        <source>&amp;All conversations</source>
        <translation>В&amp;се беседы</translation>
    </message>
    <message>
        <source>Conversations to export</source>
        <translation>Беседы для экспорта</translation>
    </message>
    <message>
        <source>One &amp;file</source>
        <translation>Один &amp;файл</translation>
    </message>
    <message>
        <source>A f&amp;older, one file per conversation</source>
        <translation>&amp;Папка, по файлу на беседу</translation>
    </message>
    <message>
        <source>F&amp;ormat:</source>
        <translation>Фор&amp;мат:</translation>
    </message>
    <message>
        <source>Write to:</source>
        <translation>Записать в:</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Экспортировать…</translation>
    </message>
</context>
<context>
    <name>Tandem::FirstRunDialog</name>
    <message>
        <source>Looking for model servers on this computer…</source>
        <translation>Поиск серверов моделей на этом компьютере…</translation>
    </message>
    <message>
        <source>&amp;Use this server</source>
        <translation>&amp;Использовать этот сервер</translation>
    </message>
    <message>
        <source>Use &amp;OpenAI</source>
        <translation>Использовать &amp;OpenAI</translation>
    </message>
    <message>
        <source>Welcome to Tandem</source>
        <translation>Добро пожаловать в Tandem</translation>
    </message>
    <message>
        <source>Tandem needs a model provider: a server running on this computer (Ollama, llama.cpp, LM Studio, vLLM) or an OpenAI account.</source>
        <translation>Для работы Tandem нужен провайдер моделей: сервер на этом компьютере (Ollama, llama.cpp, LM Studio, vLLM) или учётная запись OpenAI.</translation>
    </message>
    <message>
        <source>Local servers</source>
        <translation>Локальные серверы</translation>
    </message>
    <message>
        <source>Detected local servers</source>
        <translation>Найденные локальные серверы</translation>
    </message>
    <message>
        <source>Use the selected local server</source>
        <translation>Использовать выбранный локальный сервер</translation>
    </message>
    <message>
        <source>OpenAI</source>
        <translation>OpenAI</translation>
    </message>
    <message>
        <source>OpenAI API key</source>
        <translation>API-ключ OpenAI</translation>
    </message>
    <message>
        <source>sk-… (kept in the system keychain)</source>
        <translation>sk-… (хранится в системной связке ключей)</translation>
    </message>
    <message>
        <source>Use OpenAI with this key</source>
        <translation>Использовать OpenAI с этим ключом</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>&amp;Later</source>
        <translation>&amp;Позже</translation>
    </message>
    <message>
        <source>Set up a provider later</source>
        <translation>Настроить провайдера позже</translation>
    </message>
    <message numerus="yes">
        <source>%1 at %2 (%n model(s))</source>
        <translation>
            <numerusform>%1 на %2 (%n модель)</numerusform>
            <numerusform>%1 на %2 (%n модели)</numerusform>
            <numerusform>%1 на %2 (%n моделей)</numerusform>
        </translation>
    </message>
    <message>
        <source>No model server is running on this computer.</source>
        <translation>На этом компьютере не запущен ни один сервер моделей.</translation>
    </message>
    <message>
        <source>Found running on this computer:</source>
        <translation>Запущены на этом компьютере:</translation>
    </message>
    <message>
        <source>The key could not be stored: %1</source>
        <translation>Не удалось сохранить ключ: %1</translation>
    </message>
    <message>
        <source>Storing the key…</source>
        <translation>Сохранение ключа…</translation>
    </message>
</context>
<context>
    <name>Tandem::GuardrailsSettingsPage</name>
    <message>
        <source>Limits every answer obeys, however many agents take part. The next answer uses them.</source>
        <translation>Ограничения, которые соблюдает каждый ответ, сколько бы агентов в нём ни участвовало. Действуют со следующего ответа.</translation>
    </message>
    <message>
        <source>&amp;Model calls per answer:</source>
        <translation>Вызовов &amp;модели на ответ:</translation>
    </message>
    <message>
        <source>&amp;Tokens per answer:</source>
        <translation>&amp;Токенов на ответ:</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> токенов</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>Без ограничения</translation>
    </message>
    <message>
        <source>Tokens per &amp;conversation:</source>
        <translation>Токенов на &amp;беседу:</translation>
    </message>
    <message>
        <source>T&amp;ime per answer:</source>
        <translation>Вр&amp;емя на ответ:</translation>
    </message>
    <message>
        <source> s</source>
        <translation> с</translation>
    </message>
    <message>
        <source>&amp;Handoffs per answer:</source>
        <translation>Пе&amp;редач на ответ:</translation>
    </message>
    <message>
        <source>Handoffs a&amp;long one path per answer:</source>
        <translation>Передач по одному п&amp;ути за ответ:</translation>
    </message>
    <message>
        <source>&amp;Back and forth after:</source>
        <translation>Туда и обрат&amp;но после:</translation>
    </message>
    <message>
        <source> handoffs</source>
        <translation> передач</translation>
    </message>
    <message>
        <source>A pending handoff &amp;expires after:</source>
        <translation>Ожидающая передача &amp;истекает через:</translation>
    </message>
    <message>
        <source> min</source>
        <translation> мин</translation>
    </message>
    <message>
        <source>&amp;Output tokens per model call:</source>
        <translation>Выходных токенов на вы&amp;зов модели:</translation>
    </message>
    <message>
        <source>The provider&apos;s limit</source>
        <translation>Ограничение провайдера</translation>
    </message>
    <message>
        <source>Router: earlier turns the c&amp;lassifier sees:</source>
        <translation>Маршрутизатор: &amp;история для классификатора:</translation>
    </message>
    <message>
        <source>The message alone</source>
        <translation>Только сообщение</translation>
    </message>
    <message>
        <source>Router: the classifier &amp;decides from:</source>
        <translation>Маршрутизатор: классификатор &amp;решает от:</translation>
    </message>
    <message>
        <source>Guardrail status</source>
        <translation>Состояние ограничителей</translation>
    </message>
    <message>
        <source>&amp;Restore Defaults</source>
        <translation>Вернуть &amp;стандартные</translation>
    </message>
    <message>
        <source>Restore the built-in limits</source>
        <translation>Вернуть встроенные ограничения</translation>
    </message>
    <message>
        <source>The built-in limits are back.</source>
        <translation>Встроенные ограничения восстановлены.</translation>
    </message>
    <message>
        <source>Router mode&apos;s confidence threshold</source>
        <translation>Порог уверенности режима маршрутизатора</translation>
    </message>
    <message>
        <source>Router mode: at or above this confidence the orchestrator&apos;s choice answers; below it, the active agent keeps the conversation or keyword rules decide.</source>
        <translation>Режим маршрутизатора: при этой уверенности и выше отвечает агент, выбранный оркестратором; ниже беседу сохраняет активный агент или решают правила по ключевым словам.</translation>
    </message>
    <message>
        <source>Saved; the next message in router mode uses it.</source>
        <translation>Сохранено; следующее сообщение в режиме маршрутизатора учтёт это.</translation>
    </message>
    <message>
        <source>Tools that ask &amp;first:</source>
        <translation>Инструменты, &amp;спрашивающие разрешения:</translation>
    </message>
    <message>
        <source>Tools that need your approval</source>
        <translation>Инструменты, которым нужно ваше одобрение</translation>
    </message>
    <message>
        <source>A checked tool waits for your approval before each call; an unchecked one runs at once.</source>
        <translation>Отмеченный инструмент перед каждым вызовом ждёт вашего одобрения; неотмеченный выполняется сразу.</translation>
    </message>
    <message>
        <source>Saved; the next answer asks before: %1.</source>
        <translation>Сохранено; следующий ответ спросит разрешения для: %1.</translation>
    </message>
    <message>
        <source>no tool</source>
        <translation>ни одного инструмента</translation>
    </message>
    <message>
        <source>Saved; the next answer uses these limits.</source>
        <translation>Сохранено; следующий ответ будет соблюдать эти ограничения.</translation>
    </message>
    <message>
        <source>Run commands without a &amp;sandbox</source>
        <translation>Выполнять команды без &amp;песочницы</translation>
    </message>
    <message>
        <source>Only where bubblewrap (bwrap) is missing or cannot run: commands then run directly instead of being refused.</source>
        <translation>Только там, где bubblewrap (bwrap) не установлен или не может работать: тогда команды выполняются напрямую, а не отклоняются.</translation>
    </message>
    <message>
        <source>Warning: where the sandbox cannot run, an agent&apos;s commands run with your own rights. They can read and change all your files, your keys and the network. Each command still asks for your approval unless you changed that above.</source>
        <translation>Внимание: там, где песочница не может работать, команды агента выполняются с вашими правами. Они могут читать и изменять все ваши файлы, ваши ключи и пользоваться сетью. Каждая команда по-прежнему спрашивает вашего разрешения, если вы не изменили это выше.</translation>
    </message>
    <message>
        <source>Saved; where the sandbox cannot run, the next command runs without it.</source>
        <translation>Сохранено; там, где песочница не может работать, следующая команда выполнится без неё.</translation>
    </message>
    <message>
        <source>Saved; commands run only in the sandbox.</source>
        <translation>Сохранено; команды выполняются только в песочнице.</translation>
    </message>
    <message>
        <source>Handoffs: the full &amp;history carries up to:</source>
        <translation>Передача: полная &amp;история содержит не больше:</translation>
    </message>
    <message>
        <source>The most tokens of history a handoff carries</source>
        <translation>Наибольшее число токенов истории при передаче</translation>
    </message>
    <message>
        <source>A handoff whose context transfer is the full history sends the newest messages that fit, and tells the next agent how many older ones it left out; a summary is written from as many.</source>
        <translation>Передача с полной историей отправляет самые новые сообщения, которые помещаются, и сообщает следующему агенту, сколько более ранних пропущено; краткое содержание пишется по стольким же.</translation>
    </message>
    <message>
        <source>Saved; the next handoff uses it.</source>
        <translation>Сохранено; следующая передача будет это учитывать.</translation>
    </message>
</context>
<context>
    <name>Tandem::HandoffInspector</name>
    <message>
        <source>Status:</source>
        <translation>Состояние:</translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation>Причина:</translation>
    </message>
    <message>
        <source>Rejected because:</source>
        <translation>Причина отказа:</translation>
    </message>
    <message>
        <source>Context transferred:</source>
        <translation>Переданный контекст:</translation>
    </message>
    <message>
        <source>Timing:</source>
        <translation>Когда отвечает:</translation>
    </message>
    <message>
        <source>Run&apos;s tokens:</source>
        <translation>Токены запуска:</translation>
    </message>
    <message>
        <source>Run&apos;s duration:</source>
        <translation>Длительность запуска:</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Когда</translation>
    </message>
    <message>
        <source>Status history</source>
        <translation>История состояний</translation>
    </message>
    <message>
        <source>Payload</source>
        <translation>Передаваемые данные</translation>
    </message>
    <message>
        <source>&amp;Copy Payload</source>
        <translation>&amp;Копировать данные</translation>
    </message>
    <message>
        <source>Stored &amp;JSON</source>
        <translation>Сохранённый &amp;JSON</translation>
    </message>
    <message>
        <source>Show the payload as it is stored (JSON), or only the text the target read</source>
        <translation>Показать данные так, как они сохранены (JSON), или только текст, который прочитал получатель</translation>
    </message>
    <message>
        <source>&amp;Handoff</source>
        <translation>&amp;Передача</translation>
    </message>
    <message>
        <source>&amp;Side by Side</source>
        <translation>&amp;Рядом</translation>
    </message>
    <message>
        <source>Handoff: %1</source>
        <translation>Передача: %1</translation>
    </message>
</context>
<context>
    <name>Tandem::HandoffInspectorViewModel</name>
    <message>
        <source>You</source>
        <translation>Вы</translation>
    </message>
    <message>
        <source>Orchestrator</source>
        <translation>Оркестратор</translation>
    </message>
    <message>
        <source>No handoff chosen</source>
        <translation>Передача не выбрана</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>Ожидает</translation>
    </message>
    <message>
        <source>Accepted</source>
        <translation>Принято</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>Отклонено</translation>
    </message>
    <message>
        <source>Timed out</source>
        <translation>Время истекло</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Отменено</translation>
    </message>
    <message numerus="yes">
        <source>The full history (%n message(s), tool calls left out), then the payload</source>
        <translation>
            <numerusform>Вся история (%n сообщение, без вызовов инструментов), затем данные</numerusform>
            <numerusform>Вся история (%n сообщения, без вызовов инструментов), затем данные</numerusform>
            <numerusform>Вся история (%n сообщений, без вызовов инструментов), затем данные</numerusform>
        </translation>
    </message>
    <message>
        <source>The payload only</source>
        <translation>Только данные</translation>
    </message>
    <message>
        <source>What the board&apos;s caller gave (no edge options)</source>
        <translation>То, что передал вызвавший доску (без настроек перехода)</translation>
    </message>
    <message>
        <source>The target answers the person&apos;s next message</source>
        <translation>Получатель ответит на следующее сообщение человека</translation>
    </message>
    <message>
        <source>The target answers at once, in the same turn</source>
        <translation>Получатель отвечает сразу, в том же ходе</translation>
    </message>
    <message>
        <source>warm: the source stays responsible until the target accepts or rejects</source>
        <translation>тёплая передача: отправитель отвечает за работу, пока получатель её не примет или не отклонит</translation>
    </message>
    <message numerus="yes">
        <source>%n token(s) (%1 in, %2 out)</source>
        <translation>
            <numerusform>%n токен (%1 на входе, %2 на выходе)</numerusform>
            <numerusform>%n токена (%1 на входе, %2 на выходе)</numerusform>
            <numerusform>%n токенов (%1 на входе, %2 на выходе)</numerusform>
        </translation>
    </message>
    <message>
        <source>still running</source>
        <translation>ещё идёт</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <source>A summary of the conversation so far, written by the source agent&apos;s model, then the payload</source>
        <translation>Краткое содержание беседы, написанное моделью передающего агента, затем данные</translation>
    </message>
    <message>
        <source>The payload, and the read_history tool to read earlier messages when needed</source>
        <translation>Данные и инструмент read_history, чтобы при необходимости прочитать более ранние сообщения</translation>
    </message>
</context>
<context>
    <name>Tandem::HandoffPreparation</name>
    <message>
        <source>%1 cannot take the conversation: its provider “%2” has no API key in the keychain. The conversation stays with %3.</source>
        <translation>%1 не может принять беседу: у его провайдера «%2» нет API-ключа в связке ключей. Беседа остаётся у %3.</translation>
    </message>
    <message>
        <source>%1 cannot take the conversation: its prompt uses %2, which this conversation does not set. The conversation stays with %3.</source>
        <translation>%1 не может принять беседу: его промпт использует %2, а эта беседа их не задаёт. Беседа остаётся у %3.</translation>
    </message>
    <message>
        <source>%1 cannot take the conversation: its provider “%2” is unknown. The conversation stays with %3.</source>
        <translation>%1 не может принять беседу: его провайдер «%2» неизвестен. Беседа остаётся у %3.</translation>
    </message>
    <message>
        <source>%1 cannot take the conversation: no model is chosen for it. The conversation stays with %2.</source>
        <translation>%1 не может принять беседу: для него не выбрана модель. Беседа остаётся у %2.</translation>
    </message>
</context>
<context>
    <name>Tandem::LocalApi</name>
    <message>
        <source>The local API&apos;s token could not be read from the keychain: %1</source>
        <translation>Не удалось прочитать токен локального API из связки ключей: %1</translation>
    </message>
    <message>
        <source>there is no keychain.</source>
        <translation>связки ключей нет.</translation>
    </message>
</context>
<context>
    <name>Tandem::LocalApiPage</name>
    <message>
        <source>&amp;Run the local API on this computer</source>
        <translation>&amp;Запускать локальный API на этом компьютере</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Порт</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Адрес</translation>
    </message>
    <message>
        <source>&amp;Copy token</source>
        <translation>&amp;Копировать токен</translation>
    </message>
    <message>
        <source>Re&amp;generate token</source>
        <translation>&amp;Новый токен</translation>
    </message>
    <message>
        <source>Outside agents and scripts on this computer take part in a pipeline through the handoff API at this address (the agents&apos; $DASHBOARD_URL). Each request sends the token: Authorization: Bearer &lt;token&gt;. Only 127.0.0.1 listens, and requests from web pages are refused.</source>
        <translation>Внешние агенты и скрипты на этом компьютере участвуют в конвейере через API передач по этому адресу ($DASHBOARD_URL агентов). Каждый запрос передаёт токен: Authorization: Bearer &lt;токен&gt;. Слушается только 127.0.0.1, запросы с веб-страниц отклоняются.</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>&amp;Порт:</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>Адрес:</translation>
    </message>
    <message>
        <source>Token:</source>
        <translation>Токен:</translation>
    </message>
    <message>
        <source>off</source>
        <translation>выключен</translation>
    </message>
    <message>
        <source>The local API is not available in this window.</source>
        <translation>Локальный API в этом окне недоступен.</translation>
    </message>
    <message>
        <source>Listening on %1.</source>
        <translation>Слушает %1.</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Запуск…</translation>
    </message>
    <message>
        <source>Off.</source>
        <translation>Выключен.</translation>
    </message>
    <message>
        <source>The token could not be read from the keychain: %1</source>
        <translation>Не удалось прочитать токен из связки ключей: %1</translation>
    </message>
    <message>
        <source>The token is on the clipboard.</source>
        <translation>Токен скопирован в буфер обмена.</translation>
    </message>
    <message>
        <source>Regenerate the token?</source>
        <translation>Создать новый токен?</translation>
    </message>
    <message>
        <source>Outside agents using the current token will be refused until they are given the new one.</source>
        <translation>Внешние агенты с текущим токеном будут получать отказ, пока им не дадут новый.</translation>
    </message>
    <message>
        <source>A new token could not be stored in the keychain: %1</source>
        <translation>Не удалось сохранить новый токен в связке ключей: %1</translation>
    </message>
    <message>
        <source>A new token is on the clipboard; the old one no longer works.</source>
        <translation>Новый токен скопирован в буфер обмена; старый больше не действует.</translation>
    </message>
</context>
<context>
    <name>Tandem::LocalSettingsService</name>
    <message>
        <source>A provider needs a name.</source>
        <translation>Укажите название провайдера.</translation>
    </message>
    <message>
        <source>The base URL is not valid.</source>
        <translation>Недопустимый базовый URL.</translation>
    </message>
    <message>
        <source>No keychain is available.</source>
        <translation>Связка ключей недоступна.</translation>
    </message>
    <message>
        <source>The base URL contains a user name or password. Remove it from the URL and enter the key in the API key field: Tandem keeps it in the system keychain, not with the URL.</source>
        <translation>Базовый URL содержит имя пользователя или пароль. Уберите их из URL и введите ключ в поле API-ключа: Tandem хранит его в системной связке ключей, а не вместе с URL.</translation>
    </message>
    <message>
        <source>The base URL contains the secret parameter “%1”. Remove it from the URL and enter the key in the API key field: Tandem keeps it in the system keychain, not with the URL.</source>
        <translation>Базовый URL содержит секретный параметр «%1». Уберите его из URL и введите ключ в поле API-ключа: Tandem хранит его в системной связке ключей, а не вместе с URL.</translation>
    </message>
    <message>
        <source>No network access.</source>
        <translation>Нет доступа к сети.</translation>
    </message>
    <message numerus="yes">
        <source>Connected: %n model(s) available.</source>
        <translation>
            <numerusform>Подключено: доступна %n модель.</numerusform>
            <numerusform>Подключено: доступны %n модели.</numerusform>
            <numerusform>Подключено: доступно %n моделей.</numerusform>
        </translation>
    </message>
    <message>
        <source>The router&apos;s confidence threshold must be between 0 and 1.</source>
        <translation>Порог уверенности маршрутизатора должен быть от 0 до 1.</translation>
    </message>
    <message>
        <source>“%1” is no tool: choose among %2.</source>
        <translation>«%1» — не инструмент: выберите из: %2.</translation>
    </message>
    <message>
        <source>The history a handoff carries must be between %L1 and %L2 tokens.</source>
        <translation>История при передаче должна занимать от %L1 до %L2 токенов.</translation>
    </message>
</context>
<context>
    <name>Tandem::MainActions</name>
    <message>
        <source>&amp;New Conversation</source>
        <translation>&amp;Новая беседа</translation>
    </message>
    <message>
        <source>Start a new conversation (%1)</source>
        <translation>Начать новую беседу (%1)</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>Ос&amp;тановить</translation>
    </message>
    <message>
        <source>Stop the reply (Esc); what was written so far stays</source>
        <translation>Остановить ответ (Esc); уже написанное сохранится</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>На&amp;стройки…</translation>
    </message>
    <message>
        <source>Providers, models, language and theme</source>
        <translation>Провайдеры, модели, язык и тема</translation>
    </message>
    <message>
        <source>&amp;Rename…</source>
        <translation>&amp;Переименовать…</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Удалить…</translation>
    </message>
    <message>
        <source>&amp;Pin</source>
        <translation>&amp;Закрепить</translation>
    </message>
    <message>
        <source>&amp;Reset an Agent</source>
        <translation>&amp;Сбросить агента</translation>
    </message>
    <message>
        <source>Make one agent forget this conversation; the messages and the other agents&apos; threads stay</source>
        <translation>Один агент забудет эту беседу; сообщения и потоки других агентов останутся</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Экспорт…</translation>
    </message>
    <message>
        <source>Export conversations to Markdown, JSON, HTML, PDF or plain text</source>
        <translation>Экспортировать беседы в Markdown, JSON, HTML, PDF или простой текст</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>&amp;Импорт…</translation>
    </message>
    <message>
        <source>Add the conversations of a Tandem JSON export</source>
        <translation>Добавить беседы из JSON-экспорта Tandem</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Выход</translation>
    </message>
    <message>
        <source>&amp;Find Conversations…</source>
        <translation>&amp;Найти беседы…</translation>
    </message>
    <message>
        <source>&amp;Write a Message</source>
        <translation>Н&amp;аписать сообщение</translation>
    </message>
    <message>
        <source>&amp;About Tandem</source>
        <translation>&amp;О программе Tandem</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>О &amp;Qt</translation>
    </message>
    <message>
        <source>Dual-agent mode for this conversation: agent 1 clarifies, then hands over to agent 2</source>
        <translation>Режим двух агентов для этой беседы: агент 1 уточняет запрос и передаёт его агенту 2</translation>
    </message>
    <message>
        <source>&amp;Dual agents</source>
        <translation>&amp;Два агента</translation>
    </message>
    <message>
        <source>&amp;Mode</source>
        <translation>&amp;Режим</translation>
    </message>
    <message>
        <source>How the agents share this conversation</source>
        <translation>Как агенты ведут эту беседу</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Правка</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Язык</translation>
    </message>
    <message>
        <source>&amp;Agents…</source>
        <translation>&amp;Агенты…</translation>
    </message>
    <message>
        <source>Edit the agents of each mode: instructions, models, tools and handoffs</source>
        <translation>Изменить агентов каждого режима: указания, модели, инструменты и передачи</translation>
    </message>
    <message>
        <source>&amp;Variables…</source>
        <translation>&amp;Переменные…</translation>
    </message>
    <message>
        <source>The values this conversation gives the $NAME variables of the agents&apos; prompts</source>
        <translation>Значения, которые эта беседа даёт переменным $NAME в промптах агентов</translation>
    </message>
    <message>
        <source>&amp;Conversation</source>
        <translation>&amp;Беседа</translation>
    </message>
</context>
<context>
    <name>Tandem::MainToolBar</name>
    <message>
        <source>Conversation</source>
        <translation>Беседа</translation>
    </message>
    <message>
        <source>Conversation mode</source>
        <translation>Режим беседы</translation>
    </message>
    <message>
        <source>How the agents share this conversation</source>
        <translation>Как агенты ведут эту беседу</translation>
    </message>
    <message>
        <source>More toolbar actions</source>
        <translation>Другие действия панели</translation>
    </message>
</context>
<context>
    <name>Tandem::MainWindow</name>
    <message>
        <source>Tandem</source>
        <translation>Tandem</translation>
    </message>
    <message>
        <source>Active agent, provider and model</source>
        <translation>Активный агент, провайдер и модель</translation>
    </message>
    <message>
        <source>No conversation yet.
Write a message below to start one.</source>
        <translation>Бесед пока нет.
Напишите сообщение ниже, чтобы начать.</translation>
    </message>
    <message>
        <source>Add a provider in Settings to start chatting</source>
        <translation>Добавьте провайдера в настройках, чтобы начать общение</translation>
    </message>
    <message>
        <source>Model servers found on this computer</source>
        <translation>Серверы моделей, найденные на этом компьютере</translation>
    </message>
    <message>
        <source>Working agent</source>
        <translation>Работающий агент</translation>
    </message>
    <message>
        <source>Last error</source>
        <translation>Последняя ошибка</translation>
    </message>
    <message>
        <source>Tandem has no chat engine</source>
        <translation>У Tandem нет движка чата</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
    <message>
        <source>Settings are not available in this window.</source>
        <translation>Настройки недоступны в этом окне.</translation>
    </message>
    <message>
        <source>Found on this computer: %1. &lt;a href=&quot;add&quot;&gt;Add to providers&lt;/a&gt;</source>
        <translation>Найдено на этом компьютере: %1. &lt;a href=&quot;add&quot;&gt;Добавить в провайдеры&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Reset %1…</source>
        <translation>Сбросить «%1»…</translation>
    </message>
    <message>
        <source>Reset %1</source>
        <translation>Сброс «%1»</translation>
    </message>
    <message>
        <source>%1 will forget this conversation and start afresh with the next message that reaches it. The messages stay, and the other agents keep their threads.</source>
        <translation>Агент «%1» забудет эту беседу и начнёт заново со следующего сообщения, которое до него дойдёт. Сообщения останутся, а другие агенты сохранят свои потоки.</translation>
    </message>
    <message>
        <source>%1 starts afresh.</source>
        <translation>Агент «%1» начинает заново.</translation>
    </message>
    <message>
        <source>No conversation open</source>
        <translation>Беседа не открыта</translation>
    </message>
    <message>
        <source>Approval</source>
        <translation>Подтверждение</translation>
    </message>
    <message>
        <source>The decision on “%1” could not be recorded. It is asked again when the conversation is opened.</source>
        <translation>Решение по «%1» не удалось сохранить. Вопрос будет задан снова, когда беседа откроется.</translation>
    </message>
    <message>
        <source>Pick a conversation on the left,
or write a message below to start a new one.</source>
        <translation>Выберите беседу слева
или напишите сообщение ниже, чтобы начать новую.</translation>
    </message>
    <message>
        <source>Pipeline</source>
        <translation>Конвейер</translation>
    </message>
    <message>
        <source>That handoff is not stored any more.</source>
        <translation>Этой передачи больше нет в хранилище.</translation>
    </message>
    <message>
        <source>About Tandem</source>
        <translation>О программе Tandem</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Tandem %1&lt;/h3&gt;&lt;p&gt;A desktop chat in which several AI agents share one conversation and hand it to each other, visibly.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Tandem %1&lt;/h3&gt;&lt;p&gt;Настольный чат, в котором несколько ИИ-агентов ведут одну беседу и у всех на виду передают её друг другу.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Pipeline Panel</source>
        <translation>Панель &amp;конвейера</translation>
    </message>
    <message>
        <source>Who holds the conversation, the phase and the handoffs (%1)</source>
        <translation>У кого беседа, этап и передачи (%1)</translation>
    </message>
    <message>
        <source>There is no task %1.</source>
        <translation>Задачи %1 нет.</translation>
    </message>
    <message>
        <source>Task %1: “%2”</source>
        <translation>Задача %1: «%2»</translation>
    </message>
    <message>
        <source>Router</source>
        <translation>Маршрутизатор</translation>
    </message>
    <message>
        <source>&amp;Router Panel</source>
        <translation>Панель ма&amp;ршрутизатора</translation>
    </message>
    <message numerus="yes">
        <source>Another branch is shown. The %n task change(s) made on the branch left stay as they are: a branch does not undo tasks.</source>
        <translation>
            <numerusform>Показана другая ветвь. %n изменение задач, сделанное на прежней ветви, остаётся в силе: ветвь не отменяет задачи.</numerusform>
            <numerusform>Показана другая ветвь. %n изменения задач, сделанные на прежней ветви, остаются в силе: ветвь не отменяет задачи.</numerusform>
            <numerusform>Показана другая ветвь. %n изменений задач, сделанных на прежней ветви, остаются в силе: ветвь не отменяет задачи.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tandem::McpClient</name>
    <message>
        <source>The MCP server &quot;%1&quot; speaks protocol revision %2; Tandem speaks %3 (or %4).</source>
        <translation>Сервер MCP «%1» использует версию протокола %2; Tandem поддерживает %3 (или %4).</translation>
    </message>
    <message>
        <source>The MCP server &quot;%1&quot; was shut down.</source>
        <translation>Сервер MCP «%1» остановлен.</translation>
    </message>
    <message>
        <source>The MCP server &quot;%1&quot; did not answer %2 in time.</source>
        <translation>Сервер MCP «%1» не ответил на %2 вовремя.</translation>
    </message>
    <message>
        <source>The call to the MCP server &quot;%1&quot; was cancelled.</source>
        <translation>Вызов сервера MCP «%1» отменён.</translation>
    </message>
    <message>
        <source>The MCP server &quot;%1&quot; answered with an error: %2</source>
        <translation>Сервер MCP «%1» ответил ошибкой: %2</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Рабочая папка</translation>
    </message>
    <message>
        <source>The MCP server &quot;%1&quot; cancelled the request: %2</source>
        <translation>Сервер MCP «%1» отменил запрос: %2</translation>
    </message>
    <message>
        <source>The MCP server &quot;%1&quot; closed the connection.</source>
        <translation>Сервер MCP «%1» закрыл соединение.</translation>
    </message>
    <message>
        <source>The MCP server &quot;%1&quot; is not running.</source>
        <translation>Сервер MCP «%1» не запущен.</translation>
    </message>
</context>
<context>
    <name>Tandem::McpHttpTransport</name>
    <message>
        <source>No network for the MCP server at %1.</source>
        <translation>Нет сети для сервера MCP по адресу %1.</translation>
    </message>
    <message>
        <source>The MCP server at %1 ended the session.</source>
        <translation>Сервер MCP по адресу %1 завершил сеанс.</translation>
    </message>
    <message>
        <source>The MCP server at %1 ended its answer without a result.</source>
        <translation>Сервер MCP по адресу %1 завершил ответ без результата.</translation>
    </message>
    <message>
        <source>The MCP server at %1 answered HTTP %2.</source>
        <translation>Сервер MCP по адресу %1 ответил HTTP %2.</translation>
    </message>
</context>
<context>
    <name>Tandem::McpServers</name>
    <message>
        <source>An MCP server needs a name.</source>
        <translation>У MCP-сервера должно быть имя.</translation>
    </message>
    <message>
        <source>There is already an MCP server named &quot;%1&quot;.</source>
        <translation>MCP-сервер с именем «%1» уже есть.</translation>
    </message>
    <message>
        <source>The MCP server &quot;%1&quot; would give its tools the same names as the server &quot;%2&quot;.</source>
        <translation>Инструменты MCP-сервера «%1» получили бы те же имена, что и инструменты сервера «%2».</translation>
    </message>
    <message>
        <source>There is no MCP server named &quot;%1&quot;.</source>
        <translation>MCP-сервера с именем «%1» нет.</translation>
    </message>
    <message>
        <source>Cannot write the MCP servers file %1.</source>
        <translation>Не удалось записать файл MCP-серверов %1.</translation>
    </message>
</context>
<context>
    <name>Tandem::McpServersPage</name>
    <message>
        <source>MCP servers</source>
        <translation>MCP-серверы</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Добавить</translation>
    </message>
    <message>
        <source>Add an MCP server</source>
        <translation>Добавить MCP-сервер</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>И&amp;мпорт…</translation>
    </message>
    <message>
        <source>Import MCP servers from another client&apos;s file</source>
        <translation>Импортировать MCP-серверы из файла другого клиента</translation>
    </message>
    <message>
        <source>Re&amp;move</source>
        <translation>&amp;Удалить</translation>
    </message>
    <message>
        <source>Remove the MCP server</source>
        <translation>Удалить MCP-сервер</translation>
    </message>
    <message>
        <source>The value of %1 could not be stored in the keychain: %2</source>
        <translation>Не удалось сохранить значение %1 в связке ключей: %2</translation>
    </message>
    <message>
        <source>Server name</source>
        <translation>Имя сервера</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>Транспорт</translation>
    </message>
    <message>
        <source>Local program (stdio)</source>
        <translation>Локальная программа (stdio)</translation>
    </message>
    <message>
        <source>HTTP</source>
        <translation>HTTP</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Команда</translation>
    </message>
    <message>
        <source>Arguments, one per line</source>
        <translation>Аргументы, по одному в строке</translation>
    </message>
    <message>
        <source>Environment, one NAME=value per line</source>
        <translation>Окружение, по одной паре ИМЯ=значение в строке</translation>
    </message>
    <message>
        <source>Working folder</source>
        <translation>Рабочая папка</translation>
    </message>
    <message>
        <source>The workspace folder</source>
        <translation>Папка рабочей области</translation>
    </message>
    <message>
        <source>Server address</source>
        <translation>Адрес сервера</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>Заголовки</translation>
    </message>
    <message>
        <source>Header</source>
        <translation>Заголовок</translation>
    </message>
    <message>
        <source>Value (kept in the keychain)</source>
        <translation>Значение (хранится в связке ключей)</translation>
    </message>
    <message>
        <source>Add &amp;header</source>
        <translation>Добавить за&amp;головок</translation>
    </message>
    <message>
        <source>Add a header</source>
        <translation>Добавить заголовок</translation>
    </message>
    <message>
        <source>&amp;Enabled</source>
        <translation>Вкл&amp;ючён</translation>
    </message>
    <message>
        <source>Server enabled</source>
        <translation>Сервер включён</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>Им&amp;я:</translation>
    </message>
    <message>
        <source>&amp;Transport:</source>
        <translation>&amp;Транспорт:</translation>
    </message>
    <message>
        <source>&amp;Command:</source>
        <translation>Кома&amp;нда:</translation>
    </message>
    <message>
        <source>Ar&amp;guments:</source>
        <translation>А&amp;ргументы:</translation>
    </message>
    <message>
        <source>En&amp;vironment:</source>
        <translation>Окру&amp;жение:</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>Пап&amp;ка:</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;URL:</translation>
    </message>
    <message>
        <source>Hea&amp;ders:</source>
        <translation>&amp;Заголовки:</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Сохранить</translation>
    </message>
    <message>
        <source>Save the MCP server</source>
        <translation>Сохранить MCP-сервер</translation>
    </message>
    <message>
        <source>&amp;Restart</source>
        <translation>П&amp;ерезапустить</translation>
    </message>
    <message>
        <source>Start or restart the MCP server</source>
        <translation>Запустить или перезапустить MCP-сервер</translation>
    </message>
    <message>
        <source>Server state</source>
        <translation>Состояние сервера</translation>
    </message>
    <message>
        <source>The server&apos;s tools</source>
        <translation>Инструменты сервера</translation>
    </message>
    <message>
        <source>The server&apos;s log</source>
        <translation>Журнал сервера</translation>
    </message>
    <message>
        <source>MCP server status</source>
        <translation>Состояние MCP-сервера</translation>
    </message>
    <message>
        <source>Header value</source>
        <translation>Значение заголовка</translation>
    </message>
    <message>
        <source>Stored in the system keychain; leave empty to keep the stored value</source>
        <translation>Хранится в системной связке ключей; оставьте пустым, чтобы сохранить прежнее значение</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>Сохранено.</translation>
    </message>
    <message>
        <source>Import MCP servers</source>
        <translation>Импорт MCP-серверов</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>Файлы JSON (*.json)</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n server(s).</source>
        <translation>
            <numerusform>Импортирован %n сервер.</numerusform>
            <numerusform>Импортировано %n сервера.</numerusform>
            <numerusform>Импортировано %n серверов.</numerusform>
        </translation>
    </message>
    <message>
        <source>Request timeout in seconds</source>
        <translation>Тайм-аут запроса в секундах</translation>
    </message>
    <message>
        <source> s</source>
        <translation> с</translation>
    </message>
    <message>
        <source>Re&amp;quest timeout:</source>
        <translation>Та&amp;йм-аут запроса:</translation>
    </message>
</context>
<context>
    <name>Tandem::McpServersViewModel</name>
    <message>
        <source>Disabled</source>
        <translation>Отключён</translation>
    </message>
    <message>
        <source>Not running</source>
        <translation>Не запущен</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Запускается…</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Работает</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Сбой</translation>
    </message>
    <message>
        <source>Started.</source>
        <translation>Запущен.</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Остановлен.</translation>
    </message>
    <message>
        <source>A local server needs a command to run.</source>
        <translation>Локальному серверу нужна команда для запуска.</translation>
    </message>
    <message>
        <source>An HTTP server needs an http:// or https:// address.</source>
        <translation>HTTP-серверу нужен адрес http:// или https://.</translation>
    </message>
    <message>
        <source>Restarted.</source>
        <translation>Перезапущен.</translation>
    </message>
</context>
<context>
    <name>Tandem::McpStdioTransport</name>
    <message>
        <source>The MCP server &quot;%1&quot; could not be started: %2.</source>
        <translation>Не удалось запустить сервер MCP «%1»: %2.</translation>
    </message>
    <message>
        <source>The MCP server &quot;%1&quot; crashed.</source>
        <translation>Сервер MCP «%1» аварийно завершился.</translation>
    </message>
    <message>
        <source>The MCP server &quot;%1&quot; exited with code %2.</source>
        <translation>Сервер MCP «%1» завершился с кодом %2.</translation>
    </message>
</context>
<context>
    <name>Tandem::McpToolProvider</name>
    <message>
        <source>The MCP server &quot;%1&quot; offers two tools named %2 for the model; &quot;%3&quot; is left out.</source>
        <translation>Сервер MCP «%1» предлагает два инструмента с именем %2 для модели; «%3» пропущен.</translation>
    </message>
    <message>
        <source>The MCP server &quot;%1&quot; stopped before it could run the tool.</source>
        <translation>Сервер MCP «%1» остановился, не успев выполнить инструмент.</translation>
    </message>
</context>
<context>
    <name>Tandem::MessageDelegate</name>
    <message>
        <source>the next agent</source>
        <translation>следующий агент</translation>
    </message>
    <message>
        <source>Handing the message to %1</source>
        <translation>Передача сообщения: %1</translation>
    </message>
    <message>
        <source>Message accepted by %1</source>
        <translation>Сообщение принято: %1</translation>
    </message>
    <message>
        <source>Rejected by %1</source>
        <translation>Отклонено: %1</translation>
    </message>
    <message>
        <source>Transferred to %1</source>
        <translation>Передано: %1</translation>
    </message>
    <message>
        <source>The handoff failed</source>
        <translation>Передача не удалась</translation>
    </message>
    <message>
        <source>Approval needed</source>
        <translation>Требуется подтверждение</translation>
    </message>
    <message>
        <source>Something went wrong.</source>
        <translation>Что-то пошло не так.</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Пишет…</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Остановлено</translation>
    </message>
    <message>
        <source>Interrupted</source>
        <translation>Прервано</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Повторить</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Копировать</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Сгенерировать заново</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Ошибка</translation>
    </message>
    <message>
        <source>%1 · error</source>
        <translation>%1 · ошибка</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Ассистент</translation>
    </message>
    <message>
        <source>Message text</source>
        <translation>Текст сообщения</translation>
    </message>
    <message numerus="yes">
        <source>%Ln tokens</source>
        <translation>
            <numerusform>%Ln токен</numerusform>
            <numerusform>%Ln токена</numerusform>
            <numerusform>%Ln токенов</numerusform>
        </translation>
    </message>
    <message>
        <source>Pipeline complete</source>
        <translation>Конвейер завершён</translation>
    </message>
    <message>
        <source>%1 is waiting for you</source>
        <translation>%1 ждёт вас</translation>
    </message>
    <message>
        <source>Routed to %1</source>
        <translation>Направлено к: %1</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>Выполняется…</translation>
    </message>
    <message>
        <source>%1 combines the answers</source>
        <translation>%1 объединяет ответы</translation>
    </message>
    <message>
        <source>%1/%2</source>
        <translation>%1/%2</translation>
    </message>
    <message>
        <source>Copy the message</source>
        <translation>Скопировать сообщение</translation>
    </message>
    <message>
        <source>Answer again</source>
        <translation>Сгенерировать ответ заново</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>Повторить попытку</translation>
    </message>
    <message>
        <source>Previous version (Alt+Left)</source>
        <translation>Предыдущая версия (Alt+Left)</translation>
    </message>
    <message>
        <source>Next version (Alt+Right)</source>
        <translation>Следующая версия (Alt+Right)</translation>
    </message>
</context>
<context>
    <name>Tandem::MessageEditor</name>
    <message>
        <source>Edit message</source>
        <translation>Правка сообщения</translation>
    </message>
    <message>
        <source>New version of the message</source>
        <translation>Новая версия сообщения</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Отправить</translation>
    </message>
    <message>
        <source>Send the new version (Ctrl+Enter); the old one stays as another branch</source>
        <translation>Отправить новую версию (Ctrl+Enter); старая останется другой ветвью</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Keep the message as it is (Escape)</source>
        <translation>Оставить сообщение как есть (Escape)</translation>
    </message>
</context>
<context>
    <name>Tandem::MessageListModel</name>
    <message>
        <source>You</source>
        <translation>Вы</translation>
    </message>
</context>
<context>
    <name>Tandem::MetricsView</name>
    <message>
        <source>This conversation</source>
        <translation>Этот разговор</translation>
    </message>
    <message>
        <source>All conversations</source>
        <translation>Все разговоры</translation>
    </message>
    <message>
        <source>Figure in the chart</source>
        <translation>Показатель на диаграмме</translation>
    </message>
    <message>
        <source>Metrics per agent</source>
        <translation>Метрики по агентам</translation>
    </message>
    <message>
        <source>Chart of the metrics per agent</source>
        <translation>Диаграмма метрик по агентам</translation>
    </message>
    <message>
        <source>Nothing measured yet: the figures appear once an agent has answered.</source>
        <translation>Пока нечего измерять: цифры появятся, когда агент ответит.</translation>
    </message>
    <message>
        <source>Runs: %1 · routing decisions: %2</source>
        <translation>Запусков: %1 · решений маршрутизации: %2</translation>
    </message>
</context>
<context>
    <name>Tandem::MetricsViewModel</name>
    <message>
        <source>Orchestrator</source>
        <translation>Оркестратор</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Вы</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>Ходы</translation>
    </message>
    <message>
        <source>Given</source>
        <translation>Отдано</translation>
    </message>
    <message>
        <source>Received</source>
        <translation>Получено</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>Вход</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Выход</translation>
    </message>
    <message>
        <source>Mean (ms)</source>
        <translation>Среднее (мс)</translation>
    </message>
    <message>
        <source>95th percentile (ms)</source>
        <translation>95-й процентиль (мс)</translation>
    </message>
    <message>
        <source>Handoffs</source>
        <translation>Передачи</translation>
    </message>
    <message>
        <source>Rejections</source>
        <translation>Отклонения</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Токены</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Задержка</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Итого</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Агент</translation>
    </message>
    <message>
        <source>Runs in which the agent called its model</source>
        <translation>Запуски, в которых агент обращался к своей модели</translation>
    </message>
    <message>
        <source>Handoffs the agent gave</source>
        <translation>Передачи, которые сделал агент</translation>
    </message>
    <message>
        <source>Handoffs out</source>
        <translation>Передал</translation>
    </message>
    <message>
        <source>Handoffs the agent received</source>
        <translation>Передачи, которые получил агент</translation>
    </message>
    <message>
        <source>Handoffs in</source>
        <translation>Получил</translation>
    </message>
    <message>
        <source>Work handed to the agent that it rejected</source>
        <translation>Переданная агенту работа, которую он отклонил</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>Отклонил</translation>
    </message>
    <message>
        <source>Work of the agent that was rejected</source>
        <translation>Работа агента, которую отклонили</translation>
    </message>
    <message>
        <source>Was rejected</source>
        <translation>Отклонено</translation>
    </message>
    <message>
        <source>Tokens sent to the model</source>
        <translation>Токены, отправленные модели</translation>
    </message>
    <message>
        <source>Tokens in</source>
        <translation>Ток. вход</translation>
    </message>
    <message>
        <source>Tokens the model wrote</source>
        <translation>Токены, которые написала модель</translation>
    </message>
    <message>
        <source>Tokens out</source>
        <translation>Ток. выход</translation>
    </message>
    <message>
        <source>Mean duration of a model call, in milliseconds</source>
        <translation>Средняя длительность обращения к модели, в миллисекундах</translation>
    </message>
    <message>
        <source>Mean ms</source>
        <translation>Ср., мс</translation>
    </message>
    <message>
        <source>95th percentile of a model call&apos;s duration, in milliseconds</source>
        <translation>95-й процентиль длительности обращения к модели, в миллисекундах</translation>
    </message>
    <message>
        <source>p95 ms</source>
        <translation>p95, мс</translation>
    </message>
    <message>
        <source>Classifier</source>
        <translation>Классификатор</translation>
    </message>
    <message>
        <source>Keywords</source>
        <translation>Ключевые слова</translation>
    </message>
    <message>
        <source>Stayed</source>
        <translation>Без смены</translation>
    </message>
    <message>
        <source>Fallback</source>
        <translation>Запасной</translation>
    </message>
    <message>
        <source>Confirmation</source>
        <translation>Подтверждение</translation>
    </message>
    <message>
        <source>Direct</source>
        <translation>Напрямую</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <source>Router mode: messages routed to the agent, by any method</source>
        <translation>Режим маршрутизатора: сообщения, направленные агенту любым способом</translation>
    </message>
    <message>
        <source>Routed</source>
        <translation>Направлено</translation>
    </message>
    <message>
        <source>Router mode: the classifier&apos;s mean confidence over the messages it routed to the agent; keywords, staying, confirmations and direct choices have none</source>
        <translation>Режим маршрутизатора: средняя уверенность классификатора по сообщениям, которые он направил агенту; у ключевых слов, продолжения с тем же агентом, подтверждений и прямого выбора её нет</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Уверенность</translation>
    </message>
    <message>
        <source>Router mode: the messages routed to the agent, counted by how they were routed</source>
        <translation>Режим маршрутизатора: сообщения, направленные агенту, по способу маршрутизации</translation>
    </message>
    <message>
        <source>Routed by</source>
        <translation>Способы</translation>
    </message>
</context>
<context>
    <name>Tandem::OutsideAgents</name>
    <message>
        <source>Its handoff timed out, so its program was ended.</source>
        <translation>Время его передачи истекло, поэтому его программа завершена.</translation>
    </message>
    <message>
        <source>Its handoff was settled without it, so its program was ended.</source>
        <translation>Его передача решена без него, поэтому его программа завершена.</translation>
    </message>
    <message>
        <source>Stopped: its program was ended.</source>
        <translation>Остановлено: его программа завершена.</translation>
    </message>
    <message>
        <source>%1 is an outside agent and works through the local API, which is off: turn it on in Settings → Local API.</source>
        <translation>%1 — внешний агент и работает через локальный API, а он выключен: включите его в «Настройки → Локальный API».</translation>
    </message>
    <message numerus="yes">
        <source>It did not hand the work on within %n minute(s), so its program was ended.</source>
        <translation>
            <numerusform>Он не передал работу дальше за %n минуту, поэтому его программа завершена.</numerusform>
            <numerusform>Он не передал работу дальше за %n минуты, поэтому его программа завершена.</numerusform>
            <numerusform>Он не передал работу дальше за %n минут, поэтому его программа завершена.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1&apos;s program was ended by a signal without handing the work on.</source>
        <translation>Программа агента %1 завершена сигналом, не передав работу дальше.</translation>
    </message>
    <message>
        <source>%1&apos;s program exited with code %2 without handing the work on.</source>
        <translation>Программа агента %1 завершилась с кодом %2, не передав работу дальше.</translation>
    </message>
    <message>
        <source>Its last lines: %1</source>
        <translation>Последние строки: %1</translation>
    </message>
    <message>
        <source>The work is with the outside agent %1, a program Tandem does not answer for, so no model was asked. Your message is kept here and goes into %1&apos;s prompt the next time work is handed to it.</source>
        <translation>Работа сейчас у внешнего агента %1 — это программа, за которую Tandem не отвечает, поэтому модель не вызывалась. Ваше сообщение сохранено здесь и попадёт в задание агента %1, когда ему в следующий раз передадут работу.</translation>
    </message>
</context>
<context>
    <name>Tandem::OutsideBubble</name>
    <message>
        <source>[%1 KiB of earlier output cut here; the whole output is in %2]</source>
        <translation>[Здесь обрезано %1 КиБ более раннего вывода; весь вывод сохранён в %2]</translation>
    </message>
    <message>
        <source>[%1 KiB of earlier output cut here]</source>
        <translation>[Здесь обрезано %1 КиБ более раннего вывода]</translation>
    </message>
</context>
<context>
    <name>Tandem::OutsideProcess</name>
    <message>
        <source>The agent&apos;s command line is empty.</source>
        <translation>Командная строка агента пуста.</translation>
    </message>
    <message>
        <source>No workspace folder is chosen: an outside agent runs in the workspace (Settings → Guardrails).</source>
        <translation>Не выбрана рабочая папка: внешний агент работает в рабочей папке («Настройки → Ограничители»).</translation>
    </message>
    <message>
        <source>The agent&apos;s command was not run: %1 Commands run only in the sandbox unless &quot;Run commands without a sandbox&quot; is turned on in Settings → Guardrails.</source>
        <translation>Команда агента не запущена: %1 Команды выполняются только в песочнице, если в «Настройки → Ограничители» не включён параметр «Выполнять команды без песочницы».</translation>
    </message>
    <message>
        <source>The agent&apos;s command could not start: %1</source>
        <translation>Команду агента не удалось запустить: %1</translation>
    </message>
</context>
<context>
    <name>Tandem::PanelDocks</name>
    <message>
        <source>Tasks</source>
        <translation>Задачи</translation>
    </message>
    <message>
        <source>&amp;Tasks Panel</source>
        <translation>Панель &amp;задач</translation>
    </message>
    <message>
        <source>The task list the router&apos;s agents work on (%1)</source>
        <translation>Список задач, с которым работают агенты маршрутизатора (%1)</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>Метрики</translation>
    </message>
    <message>
        <source>&amp;Metrics</source>
        <translation>&amp;Метрики</translation>
    </message>
    <message>
        <source>Turns, handoffs, rejections, tokens and latency per agent (%1)</source>
        <translation>Ходы, передачи, отклонения, токены и задержка по агентам (%1)</translation>
    </message>
</context>
<context>
    <name>Tandem::PipelinePanel</name>
    <message>
        <source>Agents and their states</source>
        <translation>Агенты и их состояния</translation>
    </message>
    <message>
        <source>Phase: %1</source>
        <translation>Этап: %1</translation>
    </message>
    <message>
        <source>Handoff history</source>
        <translation>История передач</translation>
    </message>
    <message>
        <source>Double-click an entry to inspect the handoff</source>
        <translation>Двойной щелчок по записи открывает передачу</translation>
    </message>
    <message>
        <source>%1 → %2 · %3</source>
        <translation>%1 → %2 · %3</translation>
    </message>
    <message>
        <source>Settled</source>
        <translation>Решено</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Причина</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>Отклонено</translation>
    </message>
    <message>
        <source>Payload</source>
        <translation>Передаваемые данные</translation>
    </message>
    <message>
        <source>No handoff yet in this conversation.</source>
        <translation>В этой беседе ещё не было передач.</translation>
    </message>
    <message>
        <source>Current agent: %1</source>
        <translation>Текущий агент: %1</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>пока нет</translation>
    </message>
    <message>
        <source>Routing decisions</source>
        <translation>Решения маршрутизации</translation>
    </message>
    <message>
        <source>→ %1 · %2 · %3</source>
        <translation>→ %1 · %2 · %3</translation>
    </message>
    <message>
        <source>Classifier said</source>
        <translation>Классификатор</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Сбой</translation>
    </message>
    <message>
        <source>Story: %1</source>
        <translation>История: %1</translation>
    </message>
    <message>
        <source>→ %1 · %2</source>
        <translation>→ %1 · %2</translation>
    </message>
</context>
<context>
    <name>Tandem::PipelineViewModel</name>
    <message>
        <source>You</source>
        <translation>Вы</translation>
    </message>
    <message>
        <source>Orchestrator</source>
        <translation>Оркестратор</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>ожидает</translation>
    </message>
    <message>
        <source>active</source>
        <translation>активен</translation>
    </message>
    <message>
        <source>done</source>
        <translation>готово</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>отклонено</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>время истекло</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>Анализ</translation>
    </message>
    <message>
        <source>Implementation</source>
        <translation>Реализация</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Проверка</translation>
    </message>
    <message>
        <source>Refactoring</source>
        <translation>Рефакторинг</translation>
    </message>
    <message>
        <source>Documentation</source>
        <translation>Документация</translation>
    </message>
    <message>
        <source>Complete</source>
        <translation>Завершено</translation>
    </message>
    <message>
        <source>classification failed, keyword rule</source>
        <translation>классификация не удалась, правило по ключевым словам</translation>
    </message>
    <message>
        <source>classification failed, general agent</source>
        <translation>классификация не удалась, общий агент</translation>
    </message>
    <message>
        <source>classified</source>
        <translation>классификация</translation>
    </message>
    <message>
        <source>keyword rule</source>
        <translation>правило по ключевым словам</translation>
    </message>
    <message>
        <source>stayed with the active agent</source>
        <translation>остался у активного агента</translation>
    </message>
    <message>
        <source>general agent</source>
        <translation>общий агент</translation>
    </message>
    <message>
        <source>your confirmation</source>
        <translation>ваше подтверждение</translation>
    </message>
    <message>
        <source>chosen directly</source>
        <translation>выбран напрямую</translation>
    </message>
</context>
<context>
    <name>Tandem::ProvidersSettingsPage</name>
    <message>
        <source>•••• stored</source>
        <translation>•••• сохранён</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>Провайдеры</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Добавить</translation>
    </message>
    <message>
        <source>Add a provider</source>
        <translation>Добавить провайдера</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Удалить</translation>
    </message>
    <message>
        <source>Remove the provider</source>
        <translation>Удалить провайдера</translation>
    </message>
    <message>
        <source>Provider name</source>
        <translation>Название провайдера</translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation>Протокол</translation>
    </message>
    <message>
        <source>Responses API (OpenAI)</source>
        <translation>Responses API (OpenAI)</translation>
    </message>
    <message>
        <source>Chat Completions (OpenAI-compatible)</source>
        <translation>Chat Completions (совместимый с OpenAI)</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>Базовый URL</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>Модель по умолчанию</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-ключ</translation>
    </message>
    <message>
        <source>Stored in the system keychain; leave empty to keep the stored key</source>
        <translation>Хранится в системной связке ключей; оставьте поле пустым, чтобы сохранить прежний ключ</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Сохранить</translation>
    </message>
    <message>
        <source>Save the provider</source>
        <translation>Сохранить провайдера</translation>
    </message>
    <message>
        <source>&amp;Test connection and list models</source>
        <translation>П&amp;роверить подключение и получить список моделей</translation>
    </message>
    <message>
        <source>Test the connection and list the models</source>
        <translation>Проверить подключение и получить список моделей</translation>
    </message>
    <message>
        <source>Provider status</source>
        <translation>Состояние провайдера</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Название:</translation>
    </message>
    <message>
        <source>P&amp;rotocol:</source>
        <translation>Прото&amp;кол:</translation>
    </message>
    <message>
        <source>&amp;Base URL:</source>
        <translation>&amp;Базовый URL:</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Модель:</translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation>API-кл&amp;юч:</translation>
    </message>
    <message>
        <source>No key (not needed for local servers)</source>
        <translation>Без ключа (для локальных серверов не нужен)</translation>
    </message>
    <message>
        <source>Saved; the key is in the keychain.</source>
        <translation>Сохранено; ключ находится в связке ключей.</translation>
    </message>
    <message>
        <source>The key could not be stored: %1</source>
        <translation>Не удалось сохранить ключ: %1</translation>
    </message>
    <message>
        <source>Checking the keychain…</source>
        <translation>Проверка связки ключей…</translation>
    </message>
    <message>
        <source>Storing the key…</source>
        <translation>Сохранение ключа…</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>Сохранено.</translation>
    </message>
    <message>
        <source>Remove Provider</source>
        <translation>Удалить провайдера</translation>
    </message>
    <message>
        <source>Remove “%1” and its stored key?</source>
        <translation>Удалить «%1» и его сохранённый ключ?</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Подключение…</translation>
    </message>
</context>
<context>
    <name>Tandem::Router</name>
    <message>
        <source>there is no orchestrator or no agent to route to</source>
        <translation>нет оркестратора или агентов для маршрутизации</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Остановлено.</translation>
    </message>
    <message>
        <source>The confirmed action could not be stored.</source>
        <translation>Не удалось сохранить подтверждённое действие.</translation>
    </message>
    <message>
        <source>The routing decision could not be stored.</source>
        <translation>Не удалось сохранить решение маршрутизации.</translation>
    </message>
</context>
<context>
    <name>Tandem::RunEnding</name>
    <message>
        <source>The end of this run could not be stored: the database is locked or cannot be written.</source>
        <translation>Завершение этого запуска не удалось сохранить: база данных заблокирована или недоступна для записи.</translation>
    </message>
</context>
<context>
    <name>Tandem::RunMachine</name>
    <message>
        <source>This conversation has no model provider: choose one in the settings.</source>
        <translation>У этой беседы нет провайдера модели: выберите его в настройках.</translation>
    </message>
    <message>
        <source>The API key could not be read from the keychain: %1</source>
        <translation>Не удалось прочитать API-ключ из связки ключей: %1</translation>
    </message>
    <message>
        <source>The message for %1 could not be stored.</source>
        <translation>Сообщение для %1 не удалось сохранить.</translation>
    </message>
    <message>
        <source>The agent&apos;s thread could not be stored.</source>
        <translation>Не удалось сохранить ветку агента.</translation>
    </message>
    <message>
        <source>The agent “%1” does not exist.</source>
        <translation>Агента «%1» не существует.</translation>
    </message>
    <message>
        <source>The reply could not be stored.</source>
        <translation>Не удалось сохранить ответ.</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Остановлено.</translation>
    </message>
    <message>
        <source>The model returned an empty answer.</source>
        <translation>Модель вернула пустой ответ.</translation>
    </message>
    <message>
        <source>The tool result could not be stored.</source>
        <translation>Не удалось сохранить результат инструмента.</translation>
    </message>
    <message>
        <source>The handoff could not be stored.</source>
        <translation>Не удалось сохранить передачу.</translation>
    </message>
    <message>
        <source>The prompt of %1 uses $%2, which this conversation does not set. Set it (tandem run --conversation %3 --var %2=…), then send again.</source>
        <translation>Промпт агента %1 использует переменную $%2, но в этой беседе она не задана. Задайте её (tandem run --conversation %3 --var %2=…) и отправьте снова.</translation>
    </message>
    <message>
        <source>The prompt of %1 uses %2, which this conversation does not set. Set them (tandem run --conversation %3 --var NAME=…), then send again.</source>
        <translation>Промпт агента %1 использует переменные %2, но в этой беседе они не заданы. Задайте их (tandem run --conversation %3 --var NAME=…) и отправьте снова.</translation>
    </message>
</context>
<context>
    <name>Tandem::SandboxedCommand</name>
    <message>
        <source>The command was not run: %1 Commands run only in the sandbox unless &quot;Run commands without a sandbox&quot; is turned on in Settings → Guardrails.</source>
        <translation>Команда не выполнена: %1 Команды выполняются только в песочнице, если в «Настройки → Ограничители» не включён параметр «Выполнять команды без песочницы».</translation>
    </message>
    <message>
        <source>The command could not start: %1</source>
        <translation>Не удалось запустить команду: %1</translation>
    </message>
    <message>
        <source>the first %1 bytes were cut; the last %2 are kept</source>
        <translation>первые %1 байт отброшены; сохранены последние %2</translation>
    </message>
    <message numerus="yes">
        <source>The command did not end within %n second(s) and was killed.</source>
        <translation>
            <numerusform>Команда не завершилась за %n секунду и была остановлена.</numerusform>
            <numerusform>Команда не завершилась за %n секунды и была остановлена.</numerusform>
            <numerusform>Команда не завершилась за %n секунд и была остановлена.</numerusform>
        </translation>
    </message>
    <message>
        <source>none: the sandbox cannot run here, and &quot;Run commands without a sandbox&quot; is on, so the command ran without a sandbox, with the person&apos;s own rights, files and network.</source>
        <translation>нет: песочница здесь не работает, а параметр «Выполнять команды без песочницы» включён, поэтому команда выполнена без песочницы, с правами, файлами и сетью самого человека.</translation>
    </message>
</context>
<context>
    <name>Tandem::SecretStore</name>
    <message>
        <source>No system keychain is available: API keys are kept in memory until Tandem quits and must be entered again next time.</source>
        <translation>Системная связка ключей недоступна: API-ключи хранятся в памяти до выхода из Tandem, и при следующем запуске их придётся ввести заново.</translation>
    </message>
    <message>
        <source>The system keychain failed: %1</source>
        <translation>Ошибка системной связки ключей: %1</translation>
    </message>
    <message>
        <source>Access to the system keychain was denied: %1</source>
        <translation>Доступ к системной связке ключей запрещён: %1</translation>
    </message>
</context>
<context>
    <name>Tandem::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>Разделы настроек</translation>
    </message>
    <message>
        <source>&amp;Providers</source>
        <translation>&amp;Провайдеры</translation>
    </message>
    <message>
        <source>&amp;Agents</source>
        <translation>&amp;Агенты</translation>
    </message>
    <message>
        <source>A&amp;ppearance</source>
        <translation>&amp;Внешний вид</translation>
    </message>
    <message>
        <source>Close settings</source>
        <translation>Закрыть настройки</translation>
    </message>
    <message>
        <source>&amp;Guardrails</source>
        <translation>&amp;Ограничители</translation>
    </message>
    <message>
        <source>&amp;Local API</source>
        <translation>&amp;Локальный API</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <source>T&amp;ools</source>
        <translation>&amp;Инструменты</translation>
    </message>
    <message>
        <source>Team &amp;board</source>
        <translation>Командная &amp;доска</translation>
    </message>
</context>
<context>
    <name>Tandem::SettingsViewModel</name>
    <message>
        <source>No keychain is available.</source>
        <translation>Связка ключей недоступна.</translation>
    </message>
    <message>
        <source>No network access.</source>
        <translation>Нет доступа к сети.</translation>
    </message>
</context>
<context>
    <name>Tandem::SideBySideView</name>
    <message>
        <source>%1&apos;s payload</source>
        <translation>Данные от %1</translation>
    </message>
    <message>
        <source>%1&apos;s rewrite</source>
        <translation>Переработка: %1</translation>
    </message>
    <message>
        <source>Not answered yet.</source>
        <translation>Ответа ещё нет.</translation>
    </message>
    <message>
        <source>Only a dual-agent handoff has a rewrite.</source>
        <translation>Переработка бывает только у передачи в режиме двух агентов.</translation>
    </message>
    <message>
        <source>Agent 2 kept the payload word for word.</source>
        <translation>Агент 2 оставил данные слово в слово.</translation>
    </message>
    <message numerus="yes">
        <source>%n word(s) differ: struck out on the left what was dropped, marked on the right what was written.</source>
        <translation>
            <numerusform>Различается %n слово: слева зачёркнуто убранное, справа выделено написанное.</numerusform>
            <numerusform>Различаются %n слова: слева зачёркнуто убранное, справа выделено написанное.</numerusform>
            <numerusform>Различаются %n слов: слева зачёркнуто убранное, справа выделено написанное.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tandem::Sidebar</name>
    <message>
        <source>Un&amp;pin</source>
        <translation>&amp;Открепить</translation>
    </message>
    <message>
        <source>&amp;Pin</source>
        <translation>&amp;Закрепить</translation>
    </message>
    <message>
        <source>Conversation actions</source>
        <translation>Действия с беседой</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Новая беседа</translation>
    </message>
    <message>
        <source>Search titles and messages (Ctrl+F)</source>
        <translation>Поиск по названиям и сообщениям (Ctrl+F)</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>Поиск по беседам</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Беседы</translation>
    </message>
</context>
<context>
    <name>Tandem::TaskEditDialog</name>
    <message>
        <source>Edit Task</source>
        <translation>Изменить задачу</translation>
    </message>
    <message>
        <source>Friday, tomorrow, 2026-11-27; empty: no date</source>
        <translation>пятница, завтра, 2026-11-27; пусто — без срока</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>&amp;Название:</translation>
    </message>
    <message>
        <source>&amp;Notes:</source>
        <translation>&amp;Заметки:</translation>
    </message>
    <message>
        <source>&amp;Priority:</source>
        <translation>&amp;Приоритет:</translation>
    </message>
    <message>
        <source>&amp;Due:</source>
        <translation>&amp;Срок:</translation>
    </message>
    <message>
        <source>&amp;Status:</source>
        <translation>С&amp;татус:</translation>
    </message>
</context>
<context>
    <name>Tandem::TasksPanel</name>
    <message>
        <source>&amp;Complete</source>
        <translation>&amp;Выполнено</translation>
    </message>
    <message>
        <source>Mark the selected task done</source>
        <translation>Отметить выбранную задачу выполненной</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>&amp;Изменить…</translation>
    </message>
    <message>
        <source>Change the selected task&apos;s title, notes, priority, due date or status</source>
        <translation>Изменить название, заметки, приоритет, срок или статус выбранной задачи</translation>
    </message>
    <message>
        <source>Tasks</source>
        <translation>Задачи</translation>
    </message>
    <message>
        <source>No tasks yet. In a router conversation, ask for one: “Create a task to review the code by Friday”.</source>
        <translation>Задач пока нет. Попросите о ней в разговоре с маршрутизатором: «Создай задачу проверить код к пятнице».</translation>
    </message>
</context>
<context>
    <name>Tandem::TasksViewModel</name>
    <message>
        <source>Waiting for your answer: %1</source>
        <translation>Ждёт вашего ответа: %1</translation>
    </message>
    <message>
        <source>Choose a task first.</source>
        <translation>Сначала выберите задачу.</translation>
    </message>
    <message>
        <source>Low</source>
        <translation>Низкий</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>Обычный</translation>
    </message>
    <message>
        <source>High</source>
        <translation>Высокий</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Выполнена</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Открыта</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1 · stale</source>
        <translation>%1 · застряла</translation>
    </message>
    <message numerus="yes">
        <source>Open and not touched for %n day(s), or overdue</source>
        <translation>
            <numerusform>Открыта и не менялась %n день или просрочена</numerusform>
            <numerusform>Открыта и не менялась %n дня или просрочена</numerusform>
            <numerusform>Открыта и не менялась %n дней или просрочена</numerusform>
        </translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Задача</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>Приоритет</translation>
    </message>
    <message>
        <source>Due</source>
        <translation>Срок</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
</context>
<context>
    <name>Tandem::TeamBoardDock</name>
    <message>
        <source>Team Board</source>
        <translation>Командная доска</translation>
    </message>
    <message>
        <source>&amp;Team Board</source>
        <translation>&amp;Командная доска</translation>
    </message>
</context>
<context>
    <name>Tandem::TeamBoardPage</name>
    <message>
        <source>A team shares its stories and handoffs on one PostgreSQL board: every Tandem and outside agent set to it sees the same pipelines. Conversations stay on this computer. The password is kept in the system keychain only.</source>
        <translation>Команда ведёт свои истории и передачи на одной доске в PostgreSQL: каждый Tandem и внешний агент, настроенный на неё, видит одни и те же конвейеры. Беседы остаются на этом компьютере. Пароль хранится только в системной связке ключей.</translation>
    </message>
    <message>
        <source>Board address</source>
        <translation>Адрес доски</translation>
    </message>
    <message>
        <source>Board password</source>
        <translation>Пароль доски</translation>
    </message>
    <message>
        <source>kept in the keychain; leave empty to keep the stored one</source>
        <translation>хранится в связке ключей; оставьте пустым, чтобы сохранить прежний</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Сохранить</translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation>&amp;Проверить соединение</translation>
    </message>
    <message>
        <source>O&amp;ff (local only)</source>
        <translation>&amp;Выключить (только локально)</translation>
    </message>
    <message>
        <source>&amp;Board:</source>
        <translation>&amp;Доска:</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>П&amp;ароль:</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Подключение…</translation>
    </message>
    <message>
        <source>Off: conversations and handoffs stay on this computer.</source>
        <translation>Выключено: беседы и передачи остаются на этом компьютере.</translation>
    </message>
</context>
<context>
    <name>Tandem::TeamBoardPanel</name>
    <message>
        <source>Team stories</source>
        <translation>Истории команды</translation>
    </message>
    <message>
        <source>The story&apos;s handoffs</source>
        <translation>Передачи истории</translation>
    </message>
    <message>
        <source>Pick a story to see its handoffs.</source>
        <translation>Выберите историю, чтобы увидеть её передачи.</translation>
    </message>
</context>
<context>
    <name>Tandem::TeamBoardSettingsViewModel</name>
    <message numerus="yes">
        <source>Connected. The board holds %n stories.</source>
        <translation>
            <numerusform>Соединено. На доске %n история.</numerusform>
            <numerusform>Соединено. На доске %n истории.</numerusform>
            <numerusform>Соединено. На доске %n историй.</numerusform>
        </translation>
    </message>
    <message>
        <source>This is not a board&apos;s address: %1</source>
        <translation>Это не адрес доски: %1</translation>
    </message>
    <message>
        <source>The server cannot be reached: check the host, the port and that PostgreSQL is running.</source>
        <translation>Сервер недоступен: проверьте хост, порт и что PostgreSQL запущен.</translation>
    </message>
    <message>
        <source>The server refused the password for this user.</source>
        <translation>Сервер отклонил пароль этого пользователя.</translation>
    </message>
    <message>
        <source>The server and the sslmode do not agree on encryption (SSL): the server said: %1</source>
        <translation>Сервер и sslmode не согласны насчёт шифрования (SSL); сервер ответил: %1</translation>
    </message>
    <message>
        <source>The server knows no such database or user: %1</source>
        <translation>На сервере нет такой базы данных или пользователя: %1</translation>
    </message>
    <message>
        <source>The board could not be opened: %1</source>
        <translation>Не удалось открыть доску: %1</translation>
    </message>
    <message>
        <source>Off: conversations and handoffs stay on this computer.</source>
        <translation>Выключено: беседы и передачи остаются на этом компьютере.</translation>
    </message>
    <message>
        <source>Saved. The board&apos;s password is the one in the keychain, if any.</source>
        <translation>Сохранено. Пароль доски — тот, что в связке ключей, если он там есть.</translation>
    </message>
    <message>
        <source>Saved. The password is in the keychain.</source>
        <translation>Сохранено. Пароль в связке ключей.</translation>
    </message>
    <message>
        <source>The password could not be stored in the keychain: %1</source>
        <translation>Не удалось сохранить пароль в связке ключей: %1</translation>
    </message>
</context>
<context>
    <name>Tandem::TeamBoardViewModel</name>
    <message>
        <source>No team board: set one in Settings → Team board.</source>
        <translation>Командной доски нет: задайте её в «Настройки → Командная доска».</translation>
    </message>
    <message>
        <source>Connecting to the team board…</source>
        <translation>Соединение с командной доской…</translation>
    </message>
    <message numerus="yes">
        <source>Team board: %n stories.</source>
        <translation>
            <numerusform>Командная доска: %n история.</numerusform>
            <numerusform>Командная доска: %n истории.</numerusform>
            <numerusform>Командная доска: %n историй.</numerusform>
        </translation>
    </message>
    <message>
        <source>The team board is offline; trying again. %1</source>
        <translation>Командная доска недоступна; пробуем снова. %1</translation>
    </message>
    <message>
        <source>%1: not started.</source>
        <translation>%1: не начата.</translation>
    </message>
    <message>
        <source>%1: complete.</source>
        <translation>%1: завершена.</translation>
    </message>
    <message>
        <source>%1: %2, with %3.</source>
        <translation>%1: %2, у агента %3.</translation>
    </message>
    <message>
        <source>%1 → %2: %3, %4</source>
        <translation>%1 → %2: %3, %4</translation>
    </message>
</context>
<context>
    <name>Tandem::TeamStoryListModel</name>
    <message>
        <source>not started</source>
        <translation>не начата</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n handoffs, %2 pending; last change %3</source>
        <translation>
            <numerusform>%1: %n передача, ожидают %2; последнее изменение %3</numerusform>
            <numerusform>%1: %n передачи, ожидают %2; последнее изменение %3</numerusform>
            <numerusform>%1: %n передач, ожидают %2; последнее изменение %3</numerusform>
        </translation>
    </message>
    <message>
        <source>Story</source>
        <translation>История</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Фаза</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Агент</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <source>Handoffs</source>
        <translation>Передачи</translation>
    </message>
</context>
<context>
    <name>Tandem::VariablesDialog</name>
    <message>
        <source>Conversation Variables</source>
        <translation>Переменные беседы</translation>
    </message>
    <message>
        <source>The agents&apos; prompts of this conversation read these values where they write $NAME or ${NAME}. A name is in capitals, digits and underscores, starting with a capital.</source>
        <translation>Промпты агентов этой беседы подставляют эти значения там, где написано $NAME или ${NAME}. Имя состоит из заглавных букв, цифр и подчёркиваний и начинается с заглавной буквы.</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Значение</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Имя:</translation>
    </message>
    <message>
        <source>&amp;Value:</source>
        <translation>&amp;Значение:</translation>
    </message>
    <message>
        <source>&amp;Set</source>
        <translation>&amp;Задать</translation>
    </message>
    <message>
        <source>Add the variable, or change its value</source>
        <translation>Добавить переменную или изменить её значение</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Удалить</translation>
    </message>
    <message>
        <source>Remove the selected variable</source>
        <translation>Удалить выбранную переменную</translation>
    </message>
</context>
<context>
    <name>Tandem::VariablesViewModel</name>
    <message>
        <source>There is no open conversation.</source>
        <translation>Нет открытой беседы.</translation>
    </message>
    <message>
        <source>The variable “%1” could not be stored.</source>
        <translation>Не удалось сохранить переменную «%1».</translation>
    </message>
    <message>
        <source>The variable “%1” could not be removed.</source>
        <translation>Не удалось удалить переменную «%1».</translation>
    </message>
</context>
<context>
    <name>TaskEdits</name>
    <message>
        <source>The task list is busy; try again in a moment.</source>
        <translation>Список задач занят; попробуйте ещё раз через минуту.</translation>
    </message>
    <message>
        <source>The task could not be stored.</source>
        <translation>Не удалось сохранить задачу.</translation>
    </message>
</context>
<context>
    <name>TaskToolSupport</name>
    <message>
        <source>&apos;%1&apos; (%2% match)</source>
        <translation>«%1» (совпадение %2%)</translation>
    </message>
    <message>
        <source>low</source>
        <translation>низкий</translation>
    </message>
    <message>
        <source>normal</source>
        <translation>обычный</translation>
    </message>
    <message>
        <source>high</source>
        <translation>высокий</translation>
    </message>
    <message>
        <source>The task list is not available here.</source>
        <translation>Список задач здесь недоступен.</translation>
    </message>
</context>
<context>
    <name>TokensCommand</name>
    <message>
        <source>Usage: tandem tokens create NAME --role ROLE | list | revoke NAME</source>
        <translation>Использование: tandem tokens create NAME --role ROLE | list | revoke NAME</translation>
    </message>
    <message>
        <source>never</source>
        <translation>никогда</translation>
    </message>
    <message>
        <source>Say what to do with the tokens: create, list or revoke.</source>
        <translation>Укажите, что сделать с токенами: create, list или revoke.</translation>
    </message>
    <message>
        <source>Unknown action “%1”: use create, list or revoke.</source>
        <translation>Неизвестное действие «%1»: используйте create, list или revoke.</translation>
    </message>
    <message>
        <source>Give the token&apos;s name: up to %1 letters, digits, dots, dashes or underscores, such as ci-implementer.</source>
        <translation>Укажите имя токена: до %1 латинских букв, цифр, точек, дефисов или подчёркиваний, например ci-implementer.</translation>
    </message>
    <message>
        <source>Give the token&apos;s role: --role ROLE, one of %1.</source>
        <translation>Укажите роль токена: --role ROLE, одну из: %1.</translation>
    </message>
    <message>
        <source>“%1” is no role; the roles are %2.</source>
        <translation>«%1» — не роль; роли: %2.</translation>
    </message>
    <message>
        <source>There is a token named %1 already: revoke it first, or choose another name.</source>
        <translation>Токен с именем %1 уже есть: сначала отзовите его или выберите другое имя.</translation>
    </message>
    <message>
        <source>The token could not be stored: %1</source>
        <translation>Не удалось сохранить токен: %1</translation>
    </message>
    <message>
        <source>Created the token %1 with the role %2. It is shown only this once; keep it in the agent&apos;s secrets:</source>
        <translation>Создан токен %1 с ролью %2. Он показывается только сейчас; сохраните его в секретах агента:</translation>
    </message>
    <message>
        <source>The tokens could not be read: %1</source>
        <translation>Не удалось прочитать токены: %1</translation>
    </message>
    <message>
        <source>There are no tokens: make one with tandem tokens create NAME --role ROLE.</source>
        <translation>Токенов нет: создайте токен командой tandem tokens create NAME --role ROLE.</translation>
    </message>
    <message>
        <source>NAME	ROLE	CREATED	LAST USED</source>
        <translation>ИМЯ	РОЛЬ	СОЗДАН	ПОСЛЕДНЕЕ ИСПОЛЬЗОВАНИЕ</translation>
    </message>
    <message>
        <source>There is no token named %1.</source>
        <translation>Токена с именем %1 нет.</translation>
    </message>
    <message>
        <source>The token could not be revoked: %1</source>
        <translation>Не удалось отозвать токен: %1</translation>
    </message>
    <message>
        <source>Revoked the token %1: servers refuse it from its next request.</source>
        <translation>Токен %1 отозван: серверы отклонят его со следующего запроса.</translation>
    </message>
</context>
<context>
    <name>Tool</name>
    <message>
        <source>The task list is busy; try again in a moment.</source>
        <translation>Список задач занят; попробуйте ещё раз через минуту.</translation>
    </message>
    <message>
        <source>The task list could not be stored.</source>
        <translation>Не удалось сохранить список задач.</translation>
    </message>
</context>
<context>
    <name>ToolGate</name>
    <message>
        <source>%1 wants to run “%2” and needs your approval.</source>
        <translation>%1 хочет запустить «%2» и ждёт вашего подтверждения.</translation>
    </message>
    <message>
        <source>The tool “%1” is not available to %2.</source>
        <translation>Инструмент «%1» недоступен агенту «%2».</translation>
    </message>
    <message>
        <source>The person did not allow this call.</source>
        <translation>Пользователь не разрешил этот вызов.</translation>
    </message>
    <message>
        <source>Stopped while the tool ran.</source>
        <translation>Остановлено, пока работал инструмент.</translation>
    </message>
</context>
<context>
    <name>ToolRegistry</name>
    <message>
        <source>Unknown tool &quot;%1&quot;.</source>
        <translation>Неизвестный инструмент «%1».</translation>
    </message>
    <message>
        <source>Invalid arguments for %1: %2</source>
        <translation>Недопустимые аргументы для %1: %2</translation>
    </message>
    <message>
        <source>The arguments for %1 are not valid JSON (%2 at offset %3).</source>
        <translation>Аргументы для %1 не являются допустимым JSON (%2 в позиции %3).</translation>
    </message>
    <message>
        <source>The arguments for %1 must be a JSON object.</source>
        <translation>Аргументы для %1 должны быть JSON-объектом.</translation>
    </message>
</context>
<context>
    <name>ToolRowText</name>
    <message>
        <source>Calls %1</source>
        <translation>Вызывает %1</translation>
    </message>
    <message>
        <source>%1 answered</source>
        <translation>%1 ответил</translation>
    </message>
    <message>
        <source>(no arguments)</source>
        <translation>(без аргументов)</translation>
    </message>
    <message>
        <source>(nothing)</source>
        <translation>(ничего)</translation>
    </message>
    <message numerus="yes">
        <source>… (%n characters more; Copy takes all of it)</source>
        <translation>
            <numerusform>… (ещё %n символ; «Копировать» берёт всё)</numerusform>
            <numerusform>… (ещё %n символа; «Копировать» берёт всё)</numerusform>
            <numerusform>… (ещё %n символов; «Копировать» берёт всё)</numerusform>
        </translation>
    </message>
    <message>
        <source>Running… %1%</source>
        <translation>Выполняется… %1%</translation>
    </message>
    <message>
        <source>Running… step %1</source>
        <translation>Выполняется… шаг %1</translation>
    </message>
</context>
<context>
    <name>TransitionGraph</name>
    <message>
        <source>The handoff %1 → %2 starts at an unknown agent.</source>
        <translation>Передача %1 → %2 начинается с неизвестного агента.</translation>
    </message>
    <message>
        <source>The handoff %1 → %2 targets an unknown agent.</source>
        <translation>Передача %1 → %2 адресована неизвестному агенту.</translation>
    </message>
    <message>
        <source>%1 cannot hand over to itself.</source>
        <translation>%1 не может передать беседу самому себе.</translation>
    </message>
    <message>
        <source>%1 is a terminal agent and cannot hand over.</source>
        <translation>%1 — завершающий агент и не может передавать беседу.</translation>
    </message>
</context>
<context>
    <name>UpdateTaskTool</name>
    <message>
        <source>There is no task %1.</source>
        <translation>Задачи %1 нет.</translation>
    </message>
    <message>
        <source>A task needs a title.</source>
        <translation>У задачи должно быть название.</translation>
    </message>
    <message>
        <source>“%1” is not a date I can read: give a day (Friday, tomorrow) or a date (2026-11-27).</source>
        <translation>«%1» — не дата, которую я могу прочитать: назовите день (пятница, завтра) или дату (2026-11-27).</translation>
    </message>
    <message>
        <source>The task could not be stored.</source>
        <translation>Не удалось сохранить задачу.</translation>
    </message>
</context>
<context>
    <name>VariableAssignment</name>
    <message>
        <source>“--var %1”: write NAME=value, NAME in capitals, digits and underscores, starting with a capital (such as STORY_ID=v0.1:1.1.1).</source>
        <translation>«--var %1»: пишите NAME=значение, где NAME состоит из заглавных букв, цифр и подчёркиваний и начинается с заглавной буквы (например STORY_ID=v0.1:1.1.1).</translation>
    </message>
    <message>
        <source>“%1” cannot be a variable&apos;s name: use capitals, digits and underscores, starting with a capital (such as STORY_ID).</source>
        <translation>«%1» не может быть именем переменной: используйте заглавные буквы, цифры и подчёркивания, начиная с заглавной буквы (например STORY_ID).</translation>
    </message>
</context>
<context>
    <name>Workspace</name>
    <message>
        <source>No workspace folder is chosen. Ask the person to choose one for this conversation.</source>
        <translation>Рабочая папка не выбрана. Попросите пользователя выбрать её для этой беседы.</translation>
    </message>
    <message>
        <source>The workspace folder %1 does not exist or is not a folder.</source>
        <translation>Рабочая папка %1 не существует или не является папкой.</translation>
    </message>
    <message>
        <source>The path contains a NUL character.</source>
        <translation>Путь содержит символ NUL.</translation>
    </message>
    <message>
        <source>The path &quot;%1&quot; is absolute; give a path relative to the workspace folder.</source>
        <translation>Путь «%1» абсолютный; укажите путь относительно рабочей папки.</translation>
    </message>
    <message>
        <source>The path &quot;%1&quot; points into a home folder; give a path relative to the workspace folder.</source>
        <translation>Путь «%1» ведёт в домашнюю папку; укажите путь относительно рабочей папки.</translation>
    </message>
    <message>
        <source>The path &quot;%1&quot; leads outside the workspace folder.</source>
        <translation>Путь «%1» ведёт за пределы рабочей папки.</translation>
    </message>
    <message>
        <source>The path &quot;%1&quot; goes through a symbolic link whose target does not exist.</source>
        <translation>Путь «%1» проходит через символическую ссылку, цель которой не существует.</translation>
    </message>
    <message>
        <source>The path &quot;%1&quot; goes through a symbolic link that leads outside the workspace folder.</source>
        <translation>Путь «%1» проходит через символическую ссылку, ведущую за пределы рабочей папки.</translation>
    </message>
</context>
<context>
    <name>WriteFileTool</name>
    <message>
        <source>&quot;%1&quot; is a folder; write_file needs the path of a file.</source>
        <translation>«%1» — папка; для write_file нужен путь к файлу.</translation>
    </message>
    <message>
        <source>The folder for &quot;%1&quot; could not be created.</source>
        <translation>Не удалось создать папку для «%1».</translation>
    </message>
    <message>
        <source>The file &quot;%1&quot; could not be written: %2</source>
        <translation>Не удалось записать файл «%1»: %2</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Keep the database in &lt;folder&gt; instead of the default (also: %1).</source>
        <translation>Хранить базу данных в папке &lt;папка&gt; вместо стандартной (также: %1).</translation>
    </message>
    <message>
        <source>folder</source>
        <translation>папка</translation>
    </message>
    <message>
        <source>Tandem cannot start</source>
        <translation>Не удаётся запустить Tandem</translation>
    </message>
    <message>
        <source>Tandem cannot go on</source>
        <translation>Tandem не может продолжить работу</translation>
    </message>
    <message>
        <source>Tandem is already open on this profile; its window was brought to the front.</source>
        <translation>Tandem уже открыт с этим профилем; его окно выведено на передний план.</translation>
    </message>
    <message>
        <source>Headless commands: tandem run|chat|conversations|show|export|import|handoffs|handoff|serve|agents|metrics|eval-routing|eval-agents --help (each command&apos;s own help; tandem help: every command and option)</source>
        <translation>Команды без окна: tandem run|chat|conversations|show|export|import|handoffs|handoff|serve|agents|metrics|eval-routing|eval-agents --help (справка по каждой команде; tandem help — все команды и параметры)</translation>
    </message>
</context>
</TS>
