#include "core/config/ConfigLoader.h"
#include "core/config/KeyStore.h"
#include "core/config/LimitRange.h"
#include "core/config/SettingsSession.h"
#include "core/config/TaskFile.h"
#include "ui/SettingsDialog.h"
#include "ui/SourcedField.h"
#include "ui/TerminalEngine.h"

#include <QAbstractSpinBox>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMap>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocumentFragment>
#include <QToolButton>

using namespace Terrarium::Core;
using Terrarium::Widgets::SettingsDialog;
using Terrarium::Widgets::SourcedField;

Q_DECLARE_METATYPE(Terrarium::Core::UserSettings)

namespace {

// The field a label with this text is the buddy of. A label that is not there is a broken
// test, not a failed check: stop with its name rather than crash on a null pointer.
template<typename Field>
Field *fieldFor(const SettingsDialog &dialog, const QString &labelText)
{
    for (QLabel *label : dialog.findChildren<QLabel *>()) {
        if (label->text() != labelText)
            continue;
        if (auto *field = qobject_cast<Field *>(label->buddy()))
            return field;
    }
    qFatal("no %s labelled \"%s\" in the dialog", Field::staticMetaObject.className(),
           qPrintable(labelText));
}

// The field's source note: the SourcedField around it.
SourcedField *sourceOf(QWidget *field)
{
    for (QWidget *widget = field; widget; widget = widget->parentWidget()) {
        if (auto *sourced = qobject_cast<SourcedField *>(widget))
            return sourced;
    }
    qFatal("%s has no source shown", field->metaObject()->className());
}

// Brings the tab holding widget to the front, as a user clicking it would.
void showTabOf(const SettingsDialog &dialog, QWidget *widget)
{
    auto *tabs = dialog.findChild<QTabWidget *>();
    for (int i = 0; i < tabs->count(); ++i) {
        if (tabs->widget(i)->isAncestorOf(widget))
            tabs->setCurrentIndex(i);
    }
}

// Every text the dialog shows or would show on hover.
QStringList shownTexts(const SettingsDialog &dialog)
{
    QStringList texts{dialog.windowTitle()};
    for (QWidget *widget : dialog.findChildren<QWidget *>()) {
        texts << widget->toolTip() << widget->accessibleName() << widget->whatsThis();
        if (auto *label = qobject_cast<QLabel *>(widget))
            texts << label->text();
        if (auto *edit = qobject_cast<QLineEdit *>(widget)) {
            // A password field shows dots, but Show reveals them.
            texts << edit->text() << edit->placeholderText();
        }
        if (auto *combo = qobject_cast<QComboBox *>(widget)) {
            for (int i = 0; i < combo->count(); ++i)
                texts << combo->itemText(i);
        }
        if (auto *button = qobject_cast<QAbstractButton *>(widget))
            texts << button->text();
    }
    return texts;
}

QChar mnemonic(const QString &text)
{
    const qsizetype at = text.indexOf(u'&');
    return at >= 0 && at + 1 < text.size() ? text.at(at + 1).toLower() : QChar();
}

UserSettings sampleValues()
{
    UserSettings values;
    values.planner = {LlmProvider::Anthropic, QStringLiteral("https://llm-proxy.example/v1"),
                      QStringLiteral("claude-opus-4")};
    values.executor = {LlmProvider::ChatCompletions, QStringLiteral("http://localhost:8080/v1"),
                       QStringLiteral("llama-3.1-8b")};
    values.sandbox = QStringLiteral("libvirt");
    values.image = QStringLiteral("/var/lib/terrarium/debian.qcow2");
    values.aptMirror = QStringLiteral("http://apt-cache.test:3142/debian");
    values.cpus = 6;
    values.memoryMiB = 6144;
    values.network = QStringLiteral("outbound");
    values.pidsLimit = 300;
    values.diskMiB = 16384;
    values.approval = ApprovalPolicy::Safe;
    values.alwaysAllowed = {QStringLiteral("rm -rf build"), QStringLiteral("chmod -R 777 out")};
    values.maxSteps = 45;
    values.maxReplans = 0;
    values.stepTimeoutSeconds = 90;
    values.translateAhead = false;
    return values;
}

} // namespace

class tst_SettingsDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void valuesRoundTripThroughTheWidgets_data();
    void valuesRoundTripThroughTheWidgets();
    void widgetsShowTheValues();
    void hostSandboxShowsAWarning();
    void placeholdersShowTheDefaults();
    void everyFieldHasABuddyWithItsOwnMnemonic();
    void apiKeysAreHiddenUntilShown();
    void testAndFocusForAFirstSetUp();
    void changedKeysAreTracked();
    void keyringErrorLocksTheKeyFields();
    void detectButtonAsksAndTheResultFillsBothRoles();
    void detectionErrorIsShown();
    void ctrlEnterAccepts();
    void invalidValuesKeepTheDialogOpen();
    void settingsRoundTripEndToEnd();
    void sourcesAreShownBesideTheFields();
    void overridesSayTheValueHereDoesNotApply();
    void taskFileValuesAreShownAsTheTaskFiles();
    void secretsAreNeverDisplayed();
    void apiKeySourceNamesTheKeyring();
    void approvalPolicyAndLimitsAreShown();
    void approveAllShowsAWarning();
    void limitsStayInTheirRange();
    void alwaysAllowedCommandsCanBeRemoved();
    void everyTabFitsASmallScreen();
    void terminalEngineOffersWhatThisBuildHas();
    void nothingIsSavedWhileLoading();
};

void tst_SettingsDialog::initTestCase()
{
    QVERIFY2(qEnvironmentVariable("TERRARIUM_TEST_KEYRING") == QLatin1String("1"),
             "run this test through scripts/with-keyring");
}

void tst_SettingsDialog::valuesRoundTripThroughTheWidgets_data()
{
    QTest::addColumn<UserSettings>("values");
    QTest::newRow("defaults") << UserSettings();
    QTest::newRow("everything set") << sampleValues();
    UserSettings automatic = sampleValues();
    automatic.planner.provider.reset();
    automatic.executor = {LlmProvider::Responses, QString(), QString()};
    automatic.sandbox = QStringLiteral("host");
    automatic.image.clear();
    automatic.aptMirror.clear();
    QTest::newRow("automatic provider, host") << automatic;
}

void tst_SettingsDialog::valuesRoundTripThroughTheWidgets()
{
    QFETCH(UserSettings, values);
    SettingsDialog dialog;
    dialog.setValues(values);
    QCOMPARE(dialog.values(), values);
}

void tst_SettingsDialog::widgetsShowTheValues()
{
    SettingsDialog dialog;
    dialog.setValues(sampleValues());
    QCOMPARE(fieldFor<QComboBox>(dialog, QStringLiteral("&Protocol:"))->currentText(),
             QStringLiteral("Anthropic Messages"));
    QCOMPARE(fieldFor<QComboBox>(dialog, QStringLiteral("Pr&otocol:"))->currentText(),
             QStringLiteral("Chat Completions (OpenAI, Ollama, llama.cpp, vLLM)"));
    QCOMPARE(fieldFor<QLineEdit>(dialog, QStringLiteral("&Base URL:"))->text(),
             QStringLiteral("https://llm-proxy.example/v1"));
    QCOMPARE(fieldFor<QLineEdit>(dialog, QStringLiteral("Mo&del:"))->text(),
             QStringLiteral("llama-3.1-8b"));
    QCOMPARE(fieldFor<QComboBox>(dialog, QStringLiteral("Default &sandbox:"))->currentText(),
             QStringLiteral("libvirt virtual machine"));
    QCOMPARE(fieldFor<QLineEdit>(dialog, QStringLiteral("Debian &mirror:"))->text(),
             QStringLiteral("http://apt-cache.test:3142/debian"));
    QCOMPARE(fieldFor<QSpinBox>(dialog, QStringLiteral("&CPUs:"))->value(), 6);
    QCOMPARE(fieldFor<QSpinBox>(dialog, QStringLiteral("Memo&ry:"))->value(), 6144);
    QCOMPARE(fieldFor<QComboBox>(dialog, QStringLiteral("&Network:"))->currentData().toString(),
             QStringLiteral("outbound"));
    const QStringList protocols = [&] {
        QStringList names;
        auto *combo = fieldFor<QComboBox>(dialog, QStringLiteral("&Protocol:"));
        for (int i = 0; i < combo->count(); ++i)
            names << combo->itemText(i);
        return names;
    }();
    QCOMPARE(protocols,
             (QStringList{QStringLiteral("Automatic (from the API key or base URL)"),
                          QStringLiteral("OpenAI Responses"),
                          QStringLiteral("Chat Completions (OpenAI, Ollama, llama.cpp, "
                                         "vLLM)"),
                          QStringLiteral("Anthropic Messages")}));
}

void tst_SettingsDialog::hostSandboxShowsAWarning()
{
    SettingsDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *sandbox = fieldFor<QComboBox>(dialog, QStringLiteral("Default &sandbox:"));
    QVERIFY(sandbox);
    showTabOf(dialog, sandbox);
    QLabel *warning = nullptr;
    for (QLabel *label : dialog.findChildren<QLabel *>()) {
        if (label->text().startsWith(QLatin1String("Commands run directly on this computer")))
            warning = label;
    }
    QVERIFY(warning);
    QVERIFY(!warning->isVisible());

    sandbox->setCurrentIndex(sandbox->findData(QStringLiteral("host")));
    QVERIFY(warning->isVisible());
    QCOMPARE(dialog.values().sandbox, QStringLiteral("host"));

    sandbox->setCurrentIndex(sandbox->findData(QStringLiteral("podman")));
    QVERIFY(!warning->isVisible());

    UserSettings host;
    host.sandbox = QStringLiteral("host");
    dialog.setValues(host);
    QVERIFY(warning->isVisible());
}

void tst_SettingsDialog::placeholdersShowTheDefaults()
{
    SettingsDialog dialog;
    auto *protocol = fieldFor<QComboBox>(dialog, QStringLiteral("&Protocol:"));
    auto *baseUrl = fieldFor<QLineEdit>(dialog, QStringLiteral("&Base URL:"));
    auto *model = fieldFor<QLineEdit>(dialog, QStringLiteral("&Model:"));
    auto *executorModel = fieldFor<QLineEdit>(dialog, QStringLiteral("Mo&del:"));

    protocol->setCurrentIndex(protocol->findData(QStringLiteral("anthropic")));
    QCOMPARE(baseUrl->placeholderText(), QStringLiteral("https://api.anthropic.com/v1"));
    QCOMPARE(model->placeholderText(), QStringLiteral("claude-sonnet-4-5"));
    protocol->setCurrentIndex(protocol->findData(QStringLiteral("responses")));
    QCOMPARE(baseUrl->placeholderText(), QStringLiteral("https://api.openai.com/v1"));
    QCOMPARE(model->placeholderText(), QStringLiteral("gpt-4.1"));
    // With nothing of its own the executor is the planner's; set apart, it has its defaults.
    QCOMPARE(executorModel->placeholderText(), QStringLiteral("Same as the planner"));
    auto *sameAsPlanner = dialog.findChild<QCheckBox *>(QStringLiteral("sameAsPlanner"));
    QVERIFY(sameAsPlanner && sameAsPlanner->isChecked());
    auto *executorProtocol = fieldFor<QComboBox>(dialog, QStringLiteral("Pr&otocol:"));
    executorProtocol->setCurrentIndex(executorProtocol->findData(QStringLiteral("responses")));
    QVERIFY(!sameAsPlanner->isChecked());
    QCOMPARE(executorModel->placeholderText(), QStringLiteral("gpt-4.1-mini"));
    // The tick empties its fields again.
    sameAsPlanner->click();
    QVERIFY(sameAsPlanner->isChecked());
    QCOMPARE(executorProtocol->currentData().toString(), QString());
    QCOMPARE(dialog.values().executor, UserSettings::Model());
    // Another server has no default model.
    baseUrl->setText(QStringLiteral("http://gpu-box:8000/v1"));
    QCOMPARE(model->placeholderText(), QStringLiteral("Required for this server"));
}

void tst_SettingsDialog::everyFieldHasABuddyWithItsOwnMnemonic()
{
    SettingsDialog dialog;
    QList<QWidget *> fields;
    for (QWidget *widget : dialog.findChildren<QWidget *>()) {
        const bool input = qobject_cast<QComboBox *>(widget) || qobject_cast<QSpinBox *>(widget)
            || qobject_cast<QLineEdit *>(widget);
        // A spin box's own line edit is part of it, not a field.
        if (input && !qobject_cast<QAbstractSpinBox *>(widget->parentWidget()))
            fields << widget;
    }
    // Per role 4; the sandbox 6 and its limits 2; approval 1 and run limits 3; remote control 2.
    QCOMPARE(fields.size(), 4 * 2 + 6 + 2 + 1 + 3 + 2);

    // Qt does not match the mnemonics of hidden widgets, so a letter must be unique within its
    // tab (and among what is outside the tabs); the dialog has more fields than there are letters.
    const auto *tabs = dialog.findChild<QTabWidget *>();
    QVERIFY(tabs);
    const auto tabOf = [tabs](QWidget *widget) {
        for (QWidget *w = widget; w; w = w->parentWidget()) {
            if (const int index = tabs->indexOf(w); index >= 0)
                return index;
        }
        return -1;
    };
    QMap<int, QStringList> mnemonics;
    qsizetype count = 0;
    for (QWidget *field : fields) {
        QLabel *buddyLabel = nullptr;
        for (QLabel *label : dialog.findChildren<QLabel *>()) {
            if (label->buddy() == field)
                buddyLabel = label;
        }
        QVERIFY2(buddyLabel, qPrintable(field->metaObject()->className()));
        const QChar key = mnemonic(buddyLabel->text());
        QVERIFY2(key.isLetter(), qPrintable(buddyLabel->text()));
        mnemonics[tabOf(buddyLabel)] << key;
        ++count;
    }
    for (QAbstractButton *button : dialog.findChildren<QAbstractButton *>()) {
        const QChar key = mnemonic(button->text());
        if (!key.isNull()) {
            mnemonics[tabOf(button)] << key;
            ++count;
        }
    }
    // What is outside the tabs is always shown: its letters count on every tab.
    const QStringList everywhere = mnemonics.value(-1);
    for (auto tab = mnemonics.cbegin(); tab != mnemonics.cend(); ++tab) {
        const QStringList shown = tab.key() < 0 ? tab.value() : tab.value() + everywhere;
        QStringList unique = shown;
        unique.removeDuplicates();
        QVERIFY2(unique.size() == shown.size(),
                 qPrintable(QStringLiteral("tab %1: %2").arg(tab.key()).arg(shown.join(u' '))));
    }
    // Buttons with mnemonics: Show (twice) and Detect local server, at least.
    QVERIFY(count >= fields.size() + 3);
}

void tst_SettingsDialog::apiKeysAreHiddenUntilShown()
{
    SettingsDialog dialog;
    dialog.setApiKeys(QStringLiteral("sk-planner"), QStringLiteral("sk-executor"));
    auto *plannerKey = fieldFor<QLineEdit>(dialog, QStringLiteral("API &key:"));
    auto *executorKey = fieldFor<QLineEdit>(dialog, QStringLiteral("API k&ey:"));
    QVERIFY(plannerKey);
    QVERIFY(executorKey);
    QCOMPARE(plannerKey->echoMode(), QLineEdit::Password);
    QCOMPARE(executorKey->echoMode(), QLineEdit::Password);
    QToolButton *show = nullptr;
    for (QToolButton *button : dialog.findChildren<QToolButton *>()) {
        if (button->text() == QLatin1String("S&how"))
            show = button;
    }
    QVERIFY(show);
    show->click();
    QCOMPARE(plannerKey->echoMode(), QLineEdit::Normal);
    QCOMPARE(executorKey->echoMode(), QLineEdit::Password);
    show->click();
    QCOMPARE(plannerKey->echoMode(), QLineEdit::Password);
}

void tst_SettingsDialog::testAndFocusForAFirstSetUp()
{
    SettingsDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    // "Open Preferences…" of the window: the field that is missing, on its tab.
    dialog.focusSetting(QStringLiteral("executor/model"));
    QCOMPARE(dialog.focusWidget(), fieldFor<QLineEdit>(dialog, QStringLiteral("Mo&del:")));
    dialog.focusSetting(QStringLiteral("planner/base_url"));
    QCOMPARE(dialog.focusWidget(), fieldFor<QLineEdit>(dialog, QStringLiteral("&Base URL:")));

    QSignalSpy requested(&dialog, &SettingsDialog::testRequested);
    QPushButton *plannerTest = nullptr;
    for (QPushButton *button : dialog.findChildren<QPushButton *>(QStringLiteral("testButton"))) {
        if (button->text() == QLatin1String("&Test"))
            plannerTest = button;
    }
    QVERIFY(plannerTest);
    QTest::mouseClick(plannerTest, Qt::LeftButton);
    QCOMPARE(requested.size(), 1);
    QCOMPARE(requested.first().first().value<LlmRole>(), LlmRole::Planner);
    QVERIFY(!plannerTest->isEnabled());
    QVERIFY(dialog.testResultText(LlmRole::Planner).contains(QLatin1String("Asking")));
    dialog.setTestResult(LlmRole::Planner,
                         makeError(ErrorCode::NotFound, QStringLiteral("model 'x' not found")), 0);
    QVERIFY(plannerTest->isEnabled());
    QVERIFY2(dialog.testResultText(LlmRole::Planner).contains(QLatin1String("model 'x' not found")),
             qPrintable(dialog.testResultText(LlmRole::Planner)));
    dialog.setTestResult(LlmRole::Planner, QStringLiteral("OK"), 320);
    QCOMPARE(dialog.testResultText(LlmRole::Planner),
             QStringLiteral("It answered in 320 ms: “OK”"));
}

void tst_SettingsDialog::changedKeysAreTracked()
{
    SettingsDialog dialog;
    dialog.setApiKeys(QStringLiteral("sk-planner"), QString());
    QCOMPARE(dialog.apiKey(LlmRole::Planner), QStringLiteral("sk-planner"));
    QVERIFY(!dialog.isApiKeyChanged(LlmRole::Planner));
    QVERIFY(!dialog.isApiKeyChanged(LlmRole::Executor));
    QCOMPARE(dialog.changedApiKey(LlmRole::Planner), std::nullopt);

    auto *executorKey = fieldFor<QLineEdit>(dialog, QStringLiteral("API k&ey:"));
    QTest::keyClicks(executorKey, QStringLiteral("sk-new"));
    QVERIFY(dialog.isApiKeyChanged(LlmRole::Executor));
    QCOMPARE(dialog.changedApiKey(LlmRole::Executor), std::optional(QStringLiteral("sk-new")));

    fieldFor<QLineEdit>(dialog, QStringLiteral("API &key:"))->clear();
    QCOMPARE(dialog.changedApiKey(LlmRole::Planner), std::optional(QString()));
}

void tst_SettingsDialog::keyringErrorLocksTheKeyFields()
{
    SettingsDialog dialog;
    auto *plannerKey = fieldFor<QLineEdit>(dialog, QStringLiteral("API &key:"));
    QVERIFY(plannerKey->isEnabled());
    const QString message = QStringLiteral("No desktop keyring (Secret Service) is running.");
    dialog.setKeyringError(message);
    QVERIFY(!plannerKey->isEnabled());
    QVERIFY(!fieldFor<QLineEdit>(dialog, QStringLiteral("API k&ey:"))->isEnabled());
    bool shown = false;
    for (QLabel *label : dialog.findChildren<QLabel *>())
        shown = shown || label->text() == message;
    QVERIFY(shown);
    dialog.setKeyringError(QString());
    QVERIFY(plannerKey->isEnabled());
}

void tst_SettingsDialog::detectButtonAsksAndTheResultFillsBothRoles()
{
    SettingsDialog dialog;
    dialog.setValues(sampleValues());
    dialog.setApiKeys(QStringLiteral("sk-keep"), QString());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QSignalSpy requested(&dialog, &SettingsDialog::detectLocalServerRequested);
    QPushButton *detect = nullptr;
    for (QPushButton *button : dialog.findChildren<QPushButton *>()) {
        if (button->text() == QLatin1String("Detect &local server"))
            detect = button;
    }
    QVERIFY(detect);
    QTest::mouseClick(detect, Qt::LeftButton);
    QCOMPARE(requested.count(), 1);
    QVERIFY(!detect->isEnabled()); // one probe at a time

    LocalServer server;
    server.kind = LocalServer::Kind::Ollama;
    server.root = QUrl(QStringLiteral("http://localhost:11434"));
    server.baseUrl = QUrl(QStringLiteral("http://localhost:11434/v1"));
    server.model = QStringLiteral("qwen2.5-coder:7b");
    dialog.setDetectionResult(server);
    QVERIFY(detect->isEnabled());

    const UserSettings values = dialog.values();
    for (const LlmRole role : {LlmRole::Planner, LlmRole::Executor}) {
        QCOMPARE(values.model(role).provider, LlmProvider::ChatCompletions);
        QCOMPARE(values.model(role).baseUrl, QStringLiteral("http://localhost:11434/v1"));
        QCOMPARE(values.model(role).model, QStringLiteral("qwen2.5-coder:7b"));
    }
    // The sandbox settings and keys are not the detector's business.
    QCOMPARE(values.sandbox, QStringLiteral("libvirt"));
    QVERIFY(!dialog.isApiKeyChanged(LlmRole::Planner));
    bool reported = false;
    for (QLabel *label : dialog.findChildren<QLabel *>())
        reported = reported || label->text().contains(QLatin1String("qwen2.5-coder:7b"));
    QVERIFY(reported);
}

void tst_SettingsDialog::detectionErrorIsShown()
{
    SettingsDialog dialog;
    dialog.setValues(sampleValues());
    const QString message = QStringLiteral("No local model server answered on localhost:11434 or "
                                           "localhost:8080.");
    dialog.setDetectionResult(makeError(ErrorCode::NotFound, message));
    QCOMPARE(dialog.values(), sampleValues());
    bool shown = false;
    for (QLabel *label : dialog.findChildren<QLabel *>())
        shown = shown || label->text() == message;
    QVERIFY(shown);
}

void tst_SettingsDialog::ctrlEnterAccepts()
{
    SettingsDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QSignalSpy accepted(&dialog, &QDialog::accepted);
    auto *model = fieldFor<QLineEdit>(dialog, QStringLiteral("&Model:"));
    model->setFocus();
    QTest::keyClicks(model, QStringLiteral("gpt-5"));
    QTest::keyClick(model, Qt::Key_Return, Qt::ControlModifier);
    QCOMPARE(accepted.count(), 1);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(dialog.values().planner.model, QStringLiteral("gpt-5"));
}

void tst_SettingsDialog::invalidValuesKeepTheDialogOpen()
{
    SettingsDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QSignalSpy accepted(&dialog, &QDialog::accepted);
    auto *baseUrl = fieldFor<QLineEdit>(dialog, QStringLiteral("Base &URL:"));
    baseUrl->setText(QStringLiteral("localhost:8080"));
    auto *buttons = dialog.findChild<QDialogButtonBox *>();
    QTest::mouseClick(buttons->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QCOMPARE(accepted.count(), 0);
    QVERIFY(dialog.isVisible());
    const QString message = QStringLiteral(
        "The executor's base URL \"localhost:8080\" is not an http:// or https:// URL.");
    QLabel *error = nullptr;
    for (QLabel *label : dialog.findChildren<QLabel *>()) {
        if (label->text() == message)
            error = label;
    }
    QVERIFY(error);
    QVERIFY(error->isVisible());

    baseUrl->setText(QStringLiteral("http://localhost:8080/v1"));
    QTest::mouseClick(buttons->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QCOMPARE(accepted.count(), 1);
}

void tst_SettingsDialog::settingsRoundTripEndToEnd()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("terrarium.conf"));
    const QString plannerKey = QStringLiteral("sk-planner-0f9e8d7c6b5a");
    {
        KeyStore keys;
        QSignalSpy removed(&keys, &KeyStore::writeFinished);
        keys.remove(LlmRole::Planner);
        keys.remove(LlmRole::Executor);
        QTRY_COMPARE_WITH_TIMEOUT(removed.count(), 2, 20000);
    }

    // The wiring app/ does: session -> dialog, and on OK dialog -> session.
    QSettings settings(path, QSettings::IniFormat);
    // Two commands approved with "always" in earlier runs.
    settings.setValue(QStringLiteral("safety/always_allowed"),
                      QStringList{QStringLiteral("rm -rf build"), QStringLiteral("make clean")});
    SettingsSession session(&settings);
    SettingsDialog dialog;
    connect(&session, &SettingsSession::loaded, &dialog, [&] {
        dialog.setValues(session.values());
        dialog.setApiKeys(session.apiKey(LlmRole::Planner), session.apiKey(LlmRole::Executor));
        dialog.setKeyringError(session.keyringError() ? session.keyringError()->message
                                                      : QString());
    });
    connect(&dialog, &QDialog::accepted, &session, [&] {
        session.save(dialog.values(), dialog.changedApiKey(LlmRole::Planner),
                     dialog.changedApiKey(LlmRole::Executor));
    });
    QSignalSpy loaded(&session, &SettingsSession::loaded);
    session.load();
    QVERIFY(loaded.wait(20000));
    QVERIFY(!session.keyringError().has_value());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));

    // Edit the way a user does.
    auto *protocol = fieldFor<QComboBox>(dialog, QStringLiteral("&Protocol:"));
    protocol->setCurrentIndex(protocol->findData(QStringLiteral("anthropic")));
    QTest::keyClicks(fieldFor<QLineEdit>(dialog, QStringLiteral("&Model:")),
                     QStringLiteral("claude-opus-4"));
    QTest::keyClicks(fieldFor<QLineEdit>(dialog, QStringLiteral("API &key:")), plannerKey);
    QTest::keyClicks(fieldFor<QLineEdit>(dialog, QStringLiteral("Base &URL:")),
                     QStringLiteral("http://localhost:11434/v1"));
    QTest::keyClicks(fieldFor<QLineEdit>(dialog, QStringLiteral("Mo&del:")),
                     QStringLiteral("qwen2.5-coder:7b"));
    auto *sandbox = fieldFor<QComboBox>(dialog, QStringLiteral("Default &sandbox:"));
    sandbox->setCurrentIndex(sandbox->findData(QStringLiteral("libvirt")));
    auto *cpus = fieldFor<QSpinBox>(dialog, QStringLiteral("&CPUs:"));
    cpus->setValue(4);
    auto *network = fieldFor<QComboBox>(dialog, QStringLiteral("&Network:"));
    network->setCurrentIndex(network->findData(QStringLiteral("outbound")));
    QCheckBox *copy = nullptr;
    for (QCheckBox *box : dialog.findChildren<QCheckBox *>())
        if (box->text().contains(QLatin1String("workspace")))
            copy = box;
    QVERIFY(copy);
    QVERIFY(!copy->isChecked());
    copy->click();
    auto *pids = fieldFor<QSpinBox>(dialog, QStringLiteral("Ma&ximum processes:"));
    pids->setValue(512);
    auto *approval = fieldFor<QComboBox>(dialog, QStringLiteral("Appro&val:"));
    showTabOf(dialog, approval);
    approval->setCurrentIndex(approval->findData(QStringLiteral("safe")));
    auto *commands = dialog.findChild<QListView *>(QStringLiteral("alwaysAllowedCommands"));
    QVERIFY(commands->isVisible());
    QCOMPARE(commands->model()->rowCount(), 2);
    commands->setFocus();
    commands->setCurrentIndex(commands->model()->index(0, 0));
    QTest::keyClick(commands, Qt::Key_Delete);
    auto *steps = fieldFor<QSpinBox>(dialog, QStringLiteral("M&aximum steps:"));
    steps->setFocus();
    steps->selectAll();
    QTest::keyClicks(steps, QStringLiteral("12"));
    fieldFor<QSpinBox>(dialog, QStringLiteral("Re-plans before givin&g up:"))->setValue(0);
    fieldFor<QSpinBox>(dialog, QStringLiteral("Step &timeout:"))->setValue(45);

    QSignalSpy saved(&session, &SettingsSession::saved);
    QTest::keyClick(&dialog, Qt::Key_Return, Qt::ControlModifier);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QVERIFY(saved.wait(20000));
    const auto result = saved.first().first().value<Result<void>>();
    QVERIFY2(result.has_value(), qPrintable(result ? QString() : result.error().message));

    // The file holds the values and not the key.
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY2(bytes.contains("provider=anthropic"), bytes.constData());
    QVERIFY(bytes.contains("model=claude-opus-4"));
    QVERIFY(bytes.contains("base_url=http://localhost:11434/v1"));
    QVERIFY(bytes.contains("kind=libvirt"));
    QVERIFY(bytes.contains("cpus=4"));
    QVERIFY(bytes.contains("network=outbound"));
    QVERIFY(bytes.contains("workspace_mode=copy"));
    QVERIFY(bytes.contains("pids=512"));
    QVERIFY(bytes.contains("approval=safe"));
    QVERIFY(bytes.contains("always_allowed=make clean"));
    QVERIFY(!bytes.contains("rm -rf build"));
    QVERIFY(bytes.contains("max_steps=12"));
    QVERIFY(bytes.contains("max_replans=0"));
    QVERIFY(bytes.contains("step_timeout=45"));
    QVERIFY(!bytes.contains(plannerKey.toUtf8()));
    QVERIFY(!bytes.contains("sk-"));
    QVERIFY(!bytes.contains("0f9e8d7c6b5a"));

    // The keyring holds the key.
    KeyStore keys;
    QSignalSpy read(&keys, &KeyStore::readFinished);
    keys.read(LlmRole::Planner);
    QVERIFY(read.wait(20000));
    const auto key = read.first().at(1).value<Result<QString>>();
    QVERIFY(key.has_value());
    QCOMPARE(*key, plannerKey);

    // And a new dialog (next start of the app) shows it all again.
    QSettings reopened(path, QSettings::IniFormat);
    SettingsSession nextSession(&reopened);
    QSignalSpy nextLoaded(&nextSession, &SettingsSession::loaded);
    nextSession.load();
    QVERIFY(nextLoaded.wait(20000));
    SettingsDialog next;
    next.setValues(nextSession.values());
    next.setApiKeys(nextSession.apiKey(LlmRole::Planner), nextSession.apiKey(LlmRole::Executor));
    QCOMPARE(next.values(), dialog.values());
    QCOMPARE(next.values().approval, ApprovalPolicy::Safe);
    QCOMPARE(next.values().alwaysAllowed, QStringList{QStringLiteral("make clean")});
    QCOMPARE(next.values().maxSteps, 12);
    QCOMPARE(fieldFor<QSpinBox>(next, QStringLiteral("M&aximum steps:"))->value(), 12);
    QCOMPARE(fieldFor<QSpinBox>(next, QStringLiteral("Re-plans before givin&g up:"))->value(), 0);
    QCOMPARE(fieldFor<QSpinBox>(next, QStringLiteral("Step &timeout:"))->value(), 45);
    QCOMPARE(fieldFor<QSpinBox>(next, QStringLiteral("Ma&ximum processes:"))->value(), 512);
    QCOMPARE(fieldFor<QComboBox>(next, QStringLiteral("Appro&val:"))->currentData().toString(),
             QStringLiteral("safe"));
    QCOMPARE(next.apiKey(LlmRole::Planner), plannerKey);
    QCOMPARE(next.apiKey(LlmRole::Executor), QString());
}

void tst_SettingsDialog::sourcesAreShownBesideTheFields()
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("terrarium.conf")), QSettings::IniFormat);
    settings.setValue(QStringLiteral("sandbox/network"), QStringLiteral("outbound"));
    settings.setValue(QStringLiteral("planner/model"), QStringLiteral("gpt-4.1"));
    QProcessEnvironment env;
    env.insert(QStringLiteral("TERRARIUM_PLANNER_MODEL"), QStringLiteral("gpt-5-from-env"));
    ConfigOverrides flags;
    flags.maxSteps = QStringLiteral("12");
    const auto config = ConfigLoader::load(settings, env, flags);
    QVERIFY(config.has_value());

    SettingsDialog dialog;
    dialog.setValues(UserSettings::load(settings));
    auto *model = fieldFor<QLineEdit>(dialog, QStringLiteral("&Model:"));
    auto *network = fieldFor<QComboBox>(dialog, QStringLiteral("&Network:"));
    auto *cpus = fieldFor<QSpinBox>(dialog, QStringLiteral("&CPUs:"));
    auto *steps = fieldFor<QSpinBox>(dialog, QStringLiteral("M&aximum steps:"));
    // Nothing is claimed before the dialog knows.
    QCOMPARE(sourceOf(model)->sourceText(), QString());

    dialog.setProvenance(config->provenance);
    // The dialog shows what the file says; the note says what runs get.
    QCOMPARE(model->text(), QStringLiteral("gpt-4.1"));
    QCOMPARE(sourceOf(model)->sourceText(), QStringLiteral("environment"));
    QCOMPARE(sourceOf(steps)->sourceText(), QStringLiteral("command line"));
    QCOMPARE(sourceOf(network)->sourceText(), QStringLiteral("config file"));
    QCOMPARE(sourceOf(cpus)->sourceText(), QStringLiteral("default"));
    QCOMPARE(sourceOf(network)->noteText(), QString());
    QCOMPARE(sourceOf(cpus)->noteText(), QString());

    // The details are in the tooltip beside the field: the file's path and key.
    bool fileNamed = false;
    for (QLabel *label : sourceOf(network)->findChildren<QLabel *>()) {
        fileNamed = fileNamed
            || (label->text() == QLatin1String("config file")
                && label->toolTip().contains(settings.fileName())
                && label->toolTip().contains(QLatin1String("sandbox/network")));
    }
    QVERIFY(fileNamed);

    // Shown as labels a user sees, on the tab they are on.
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const auto visibleLabel = [&dialog](const QString &text) {
        for (QLabel *label : dialog.findChildren<QLabel *>()) {
            // Notes are rich text, to keep names on one line.
            const QString plain = label->textFormat() == Qt::RichText
                ? QTextDocumentFragment::fromHtml(label->text()).toPlainText()
                : label->text();
            if (label->isVisible() && plain == text)
                return true;
        }
        return false;
    };
    QVERIFY(visibleLabel(sourceOf(model)->noteText()));
    QVERIFY(visibleLabel(QStringLiteral("environment")));
    showTabOf(dialog, steps);
    QVERIFY(visibleLabel(sourceOf(steps)->noteText()));
    QVERIFY(visibleLabel(QStringLiteral("command line")));
    // And below the tabs, for the fields out of sight: the planner's model, the executor's
    // (the planner's too, as nothing is set for it) and the step limit.
    QVERIFY(visibleLabel(QStringLiteral("3 settings here are overridden by the environment, the "
                                        "command line or a task file; their fields say which.")));
}

void tst_SettingsDialog::overridesSayTheValueHereDoesNotApply()
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("terrarium.conf")), QSettings::IniFormat);
    QProcessEnvironment env;
    env.insert(QStringLiteral("TERRARIUM_PLANNER_MODEL"), QStringLiteral("gpt-5-from-env"));
    env.insert(QStringLiteral("TERRARIUM_APPROVE"), QStringLiteral("all"));
    ConfigOverrides flags;
    flags.maxSteps = QStringLiteral("12");
    flags.maxReplans = QStringLiteral("0");
    const auto config = ConfigLoader::load(settings, env, flags);
    QVERIFY(config.has_value());
    SettingsDialog dialog;
    dialog.setProvenance(config->provenance);

    const QString model =
        sourceOf(fieldFor<QLineEdit>(dialog, QStringLiteral("&Model:")))->noteText();
    QCOMPARE(model,
             QStringLiteral("Overridden: TERRARIUM_PLANNER_MODEL in the environment sets "
                            "“gpt-5-from-env”."));
    const QString steps =
        sourceOf(fieldFor<QSpinBox>(dialog, QStringLiteral("M&aximum steps:")))->noteText();
    QCOMPARE(steps,
             QStringLiteral("Overridden for this session: --max-steps on the command line "
                            "sets 12."));
    // Values read as the field shows them.
    const QString replans =
        sourceOf(fieldFor<QSpinBox>(dialog, QStringLiteral("Re-plans before givin&g up:")))
            ->noteText();
    QVERIFY2(replans.contains(QStringLiteral("“None: stop at the first failed step”")),
             qPrintable(replans));
    const QString approval =
        sourceOf(fieldFor<QComboBox>(dialog, QStringLiteral("Appro&val:")))->noteText();
    QVERIFY2(approval.contains(QStringLiteral("“Run every command without asking”"))
                 && approval.contains(QLatin1String("TERRARIUM_APPROVE")),
             qPrintable(approval));
    // What the environment does not set says nothing more (the executor's model is the
    // planner's, which the environment sets).
    QCOMPARE(sourceOf(fieldFor<QLineEdit>(dialog, QStringLiteral("&Base URL:")))->noteText(),
             QString());
}

void tst_SettingsDialog::taskFileValuesAreShownAsTheTaskFiles()
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("terrarium.conf")), QSettings::IniFormat);
    auto config = ConfigLoader::load(settings, QProcessEnvironment(), {});
    QVERIFY(config.has_value());
    const auto task =
        TaskFile::parse("goal: g\nlimits: {step_timeout: 20}\n", QStringLiteral("t.yaml"));
    QVERIFY(task.has_value());
    task->applyTo(*config);
    SettingsDialog dialog;
    dialog.setProvenance(config->provenance);
    SourcedField *timeout = sourceOf(fieldFor<QSpinBox>(dialog, QStringLiteral("Step &timeout:")));
    QCOMPARE(timeout->sourceText(), QStringLiteral("task file"));
    QCOMPARE(timeout->noteText(), QStringLiteral("The task file on show sets 20 s for its runs."));
}

void tst_SettingsDialog::secretsAreNeverDisplayed()
{
    const QString openAi = QStringLiteral("sk-proj-4f3e2d1c0b");
    const QString executorKey = QStringLiteral("local-secret-7a6b5c");
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("terrarium.conf")), QSettings::IniFormat);
    QProcessEnvironment env;
    env.insert(QStringLiteral("OPENAI_API_KEY"), openAi);
    env.insert(QStringLiteral("TERRARIUM_EXECUTOR_API_KEY"), executorKey);
    const auto config = ConfigLoader::load(settings, env, {});
    QVERIFY(config.has_value());
    QCOMPARE(config->planner.apiKey, openAi);

    SettingsDialog dialog;
    dialog.setValues(UserSettings::load(settings));
    dialog.setApiKeys(QString(), QString());
    dialog.setProvenance(config->provenance);
    auto *plannerKey = fieldFor<QLineEdit>(dialog, QStringLiteral("API &key:"));
    // Named, never shown; and the key field does not take it over (saving would store it).
    QCOMPARE(sourceOf(plannerKey)->sourceText(), QStringLiteral("environment"));
    QCOMPARE(sourceOf(plannerKey)->noteText(),
             QStringLiteral("Overridden: OPENAI_API_KEY in the environment is used."));
    QVERIFY(plannerKey->text().isEmpty());
    QVERIFY(!dialog.isApiKeyChanged(LlmRole::Planner));
    QCOMPARE(sourceOf(fieldFor<QLineEdit>(dialog, QStringLiteral("API k&ey:")))->noteText(),
             QStringLiteral("Overridden: TERRARIUM_EXECUTOR_API_KEY in the environment is used."));
    for (QToolButton *button : dialog.findChildren<QToolButton *>()) {
        if (button->isCheckable())
            button->setChecked(true); // Show
    }
    for (const QString &text : shownTexts(dialog)) {
        QVERIFY2(!text.contains(openAi), qPrintable(text));
        QVERIFY2(!text.contains(executorKey), qPrintable(text));
    }
}

void tst_SettingsDialog::apiKeySourceNamesTheKeyring()
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("terrarium.conf")), QSettings::IniFormat);
    const auto config = ConfigLoader::load(settings, QProcessEnvironment(), {});
    QVERIFY(config.has_value());
    SettingsDialog dialog;
    dialog.setProvenance(config->provenance);
    dialog.setApiKeys(QStringLiteral("sk-stored"), QString());
    QCOMPARE(sourceOf(fieldFor<QLineEdit>(dialog, QStringLiteral("API &key:")))->sourceText(),
             QStringLiteral("keyring"));
    QCOMPARE(sourceOf(fieldFor<QLineEdit>(dialog, QStringLiteral("API k&ey:")))->sourceText(),
             QStringLiteral("none"));
}

void tst_SettingsDialog::approvalPolicyAndLimitsAreShown()
{
    SettingsDialog dialog;
    dialog.setValues(sampleValues());
    QCOMPARE(fieldFor<QComboBox>(dialog, QStringLiteral("Appro&val:"))->currentText(),
             QStringLiteral("Run only what the safety rules pass; deny the rest"));
    QCOMPARE(fieldFor<QSpinBox>(dialog, QStringLiteral("Ma&ximum processes:"))->value(), 300);
    QCOMPARE(fieldFor<QSpinBox>(dialog, QStringLiteral("Disk si&ze:"))->value(), 16384);
    QCOMPARE(fieldFor<QSpinBox>(dialog, QStringLiteral("M&aximum steps:"))->value(), 45);
    auto *replans = fieldFor<QSpinBox>(dialog, QStringLiteral("Re-plans before givin&g up:"));
    QCOMPARE(replans->value(), 0);
    QCOMPARE(replans->text(), QStringLiteral("None: stop at the first failed step"));
    QCOMPARE(fieldFor<QSpinBox>(dialog, QStringLiteral("Step &timeout:"))->value(), 90);
    auto *commands = dialog.findChild<QListView *>(QStringLiteral("alwaysAllowedCommands"));
    QVERIFY(commands);
    QCOMPARE(commands->model()->rowCount(), 2);
    QCOMPARE(commands->model()->index(1, 0).data().toString(), QStringLiteral("chmod -R 777 out"));
    QCOMPARE(dialog.values(), sampleValues());
}

void tst_SettingsDialog::approveAllShowsAWarning()
{
    SettingsDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *approval = fieldFor<QComboBox>(dialog, QStringLiteral("Appro&val:"));
    showTabOf(dialog, approval);
    QLabel *warning = nullptr;
    for (QLabel *label : dialog.findChildren<QLabel *>()) {
        if (label->text() == QLatin1String("Risky commands run without asking."))
            warning = label;
    }
    QVERIFY(warning);
    QVERIFY(!warning->isVisible());
    approval->setCurrentIndex(approval->findData(QStringLiteral("all")));
    QVERIFY(warning->isVisible());
    QCOMPARE(dialog.values().approval, ApprovalPolicy::All);
    approval->setCurrentIndex(approval->findData(QStringLiteral("ask")));
    QVERIFY(!warning->isVisible());
}

void tst_SettingsDialog::limitsStayInTheirRange()
{
    SettingsDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const struct
    {
        const char *label;
        LimitRange range;
    } limits[] = {
        {"&CPUs:", LimitRange::cpus()},
        {"Memo&ry:", LimitRange::memoryMiB()},
        {"Ma&ximum processes:", LimitRange::pids()},
        {"Disk si&ze:", LimitRange::diskMiB()},
        {"M&aximum steps:", LimitRange::maxSteps()},
        {"Re-plans before givin&g up:", LimitRange::maxReplans()},
        {"Step &timeout:", LimitRange::stepTimeoutSeconds()},
    };
    for (const auto &limit : limits) {
        auto *spin = fieldFor<QSpinBox>(dialog, QLatin1String(limit.label));
        QCOMPARE(spin->minimum(), limit.range.min);
        QCOMPARE(spin->maximum(), limit.range.max);
        showTabOf(dialog, spin);
        // Typing past the maximum stops at it.
        spin->setFocus();
        spin->selectAll();
        QTest::keyClicks(spin, QString::number(qint64(limit.range.max) * 10));
        QTest::keyClick(spin, Qt::Key_Enter);
        QVERIFY2(spin->value() <= limit.range.max, limit.label);
        // Below the minimum there is nowhere to step.
        spin->setValue(limit.range.min);
        QTest::keyClick(spin, Qt::Key_Down);
        QCOMPARE(spin->value(), limit.range.min);
    }
    // Values out of range from elsewhere are shown clamped, so saving writes valid ones.
    UserSettings wild;
    wild.maxSteps = 0;
    wild.stepTimeoutSeconds = 10'000'000;
    wild.maxReplans = -3;
    dialog.setValues(wild);
    QCOMPARE(dialog.values().maxSteps, LimitRange::maxSteps().min);
    QCOMPARE(dialog.values().stepTimeoutSeconds, LimitRange::stepTimeoutSeconds().max);
    QCOMPARE(dialog.values().maxReplans, 0);
    QVERIFY(dialog.values().validate().has_value());
}

void tst_SettingsDialog::alwaysAllowedCommandsCanBeRemoved()
{
    SettingsDialog dialog;
    UserSettings values;
    values.alwaysAllowed = {QStringLiteral("rm -rf build"), QStringLiteral("make clean"),
                            QStringLiteral("chmod -R 777 out")};
    dialog.setValues(values);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *commands = dialog.findChild<QListView *>(QStringLiteral("alwaysAllowedCommands"));
    showTabOf(dialog, commands);
    QPushButton *remove = nullptr;
    for (QPushButton *button : dialog.findChildren<QPushButton *>()) {
        if (button->text() == QLatin1String("Remove"))
            remove = button;
    }
    QVERIFY(remove);
    QVERIFY(!remove->isEnabled()); // nothing selected
    commands->selectionModel()->select(commands->model()->index(1, 0),
                                       QItemSelectionModel::ClearAndSelect);
    QVERIFY(remove->isEnabled());
    QTest::mouseClick(remove, Qt::LeftButton);
    QCOMPARE(dialog.values().alwaysAllowed,
             (QStringList{QStringLiteral("rm -rf build"), QStringLiteral("chmod -R 777 out")}));

    // Several at once, by keyboard.
    commands->setFocus();
    commands->selectAll();
    QTest::keyClick(commands, Qt::Key_Delete);
    QVERIFY(dialog.values().alwaysAllowed.isEmpty());
    QVERIFY(!commands->isVisible());
    bool placeholder = false;
    for (QLabel *label : dialog.findChildren<QLabel *>()) {
        placeholder = placeholder
            || (label->isVisible() && label->text().startsWith(QLatin1String("None yet")));
    }
    QVERIFY(placeholder);
    QVERIFY(!remove->isEnabled());
}

void tst_SettingsDialog::everyTabFitsASmallScreen()
{
    // The worst case: notes below many fields, a host sandbox, approve all, a keyring error.
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("terrarium.conf")), QSettings::IniFormat);
    QProcessEnvironment env;
    for (const char *name : {"TERRARIUM_PLANNER_MODEL", "TERRARIUM_EXECUTOR_MODEL"})
        env.insert(QLatin1String(name), QStringLiteral("a-model-name-of-some-length"));
    env.insert(QStringLiteral("OPENAI_API_KEY"), QStringLiteral("sk-x"));
    env.insert(QStringLiteral("TERRARIUM_CPUS"), QStringLiteral("8"));
    env.insert(QStringLiteral("TERRARIUM_MEMORY_MIB"), QStringLiteral("8192"));
    env.insert(QStringLiteral("TERRARIUM_APPROVE"), QStringLiteral("all"));
    ConfigOverrides flags;
    flags.maxSteps = QStringLiteral("12");
    flags.maxReplans = QStringLiteral("2");
    flags.stepTimeoutSeconds = QStringLiteral("60");
    flags.sandbox = QStringLiteral("host");
    flags.network = QStringLiteral("outbound");
    const auto config = ConfigLoader::load(settings, env, flags);
    QVERIFY(config.has_value());
    SettingsDialog dialog;
    UserSettings values = sampleValues();
    values.sandbox = QStringLiteral("host");
    values.approval = ApprovalPolicy::All;
    dialog.setValues(values);
    dialog.setProvenance(config->provenance);
    dialog.setConfigFile(settings.fileName());
    dialog.setKeyringError(QStringLiteral(
        "No desktop keyring (Secret Service) is running; set OPENAI_API_KEY/ANTHROPIC_API_KEY "
        "(or TERRARIUM_API_KEY for other servers) in the environment instead."));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    // 1024×640 less a title bar and a panel.
    const QSize screen(1024, 640 - 70);
    const QSize size = dialog.sizeHint().expandedTo(dialog.minimumSizeHint());
    QVERIFY2(size.width() <= screen.width() && size.height() <= screen.height(),
             qPrintable(QStringLiteral("%1x%2").arg(size.width()).arg(size.height())));
}

QTEST_MAIN(tst_SettingsDialog)

void tst_SettingsDialog::terminalEngineOffersWhatThisBuildHas()
{
    SettingsDialog dialog;
    QRadioButton *own = nullptr;
    QRadioButton *qtermwidget = nullptr;
    for (QRadioButton *choice : dialog.findChildren<QRadioButton *>()) {
        if (choice->text() == u"Terrarium's terminal view (libvterm)")
            own = choice;
        else if (choice->text() == u"QTermWidget")
            qtermwidget = choice;
    }
    QVERIFY(own && qtermwidget);
    QVERIFY(own->isChecked());
    QCOMPARE(dialog.values().terminalEngine, QStringLiteral("terrarium"));

    UserSettings values;
    values.terminalEngine = QStringLiteral("qtermwidget");
    dialog.setValues(values);
    bool noteSaysOnlyTheOwnView = false;
    for (const QLabel *label : dialog.findChildren<QLabel *>())
        noteSaysOnlyTheOwnView = noteSaysOnlyTheOwnView
            || label->text().startsWith(u"This build has only Terrarium's own view");
#ifdef TERRARIUM_HAVE_QTERMWIDGET
    QVERIFY(qtermwidget->isEnabled());
    QVERIFY(qtermwidget->isChecked());
    QCOMPARE(dialog.values().terminalEngine, QStringLiteral("qtermwidget"));
    QVERIFY(!noteSaysOnlyTheOwnView);
    own->click();
    QCOMPARE(dialog.values().terminalEngine, QStringLiteral("terrarium"));
#else
    // A choice made where QTermWidget was built: this build shows (and would save) what it uses.
    QVERIFY(!qtermwidget->isEnabled());
    QVERIFY(own->isChecked());
    QCOMPARE(dialog.values().terminalEngine, QStringLiteral("terrarium"));
    QVERIFY(noteSaysOnlyTheOwnView);
#endif
}

void tst_SettingsDialog::nothingIsSavedWhileLoading()
{
    // The keyring is slow to answer; the user presses OK (or Ctrl+Enter) at once: the
    // defaults on show must not replace the stored settings.
    SettingsDialog dialog;
    dialog.setLoading(true);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QSignalSpy accepted(&dialog, &QDialog::accepted);
    auto *buttons = dialog.findChild<QDialogButtonBox *>();
    QVERIFY(buttons);
    QPushButton *ok = buttons->button(QDialogButtonBox::Ok);
    QVERIFY(!ok->isEnabled());
    ok->click();
    QTest::keyClick(&dialog, Qt::Key_Return, Qt::ControlModifier);
    QCOMPARE(accepted.count(), 0);
    QVERIFY(dialog.isVisible());
    QVERIFY(!dialog.findChild<QTabWidget *>()->isEnabled());

    UserSettings values;
    values.sandbox = QStringLiteral("libvirt");
    dialog.setValues(values);
    dialog.setLoading(false);
    QVERIFY(ok->isEnabled());
    QTest::keyClick(&dialog, Qt::Key_Return, Qt::ControlModifier);
    QCOMPARE(accepted.count(), 1);
    QCOMPARE(dialog.values().sandbox, QStringLiteral("libvirt"));
}

#include "tst_settingsdialog.moc"
