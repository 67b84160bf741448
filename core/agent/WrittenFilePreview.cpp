#include "WrittenFilePreview.h"

#include "core/CoreTr.h"
#include "core/exec/CommandRunner.h"
#include "core/exec/FileReadJob.h"

#include <QMetaObject>
#include <QTimer>

namespace Terrarium::Core {

namespace {

using LinesFrom = Events::ApprovalFile::LinesFrom;

// The lines the writing command showed, when the sandbox cannot be read.
void fromCommand(Events::ApprovalFile &file, const QString &writtenText)
{
    if (writtenText.isNull()) {
        file.linesFrom = LinesFrom::None;
        return;
    }
    file.linesFrom = LinesFrom::Command;
    file.firstLines = WrittenFilePreview::firstLines(writtenText, &file.moreLines);
}

// Cutting the start off may split a UTF-8 sequence: up to three bytes less must read as text.
bool isText(QByteArrayView head)
{
    if (head.contains('\0'))
        return false;
    for (qsizetype cut = 0; cut < 4 && cut <= head.size(); ++cut) {
        if (head.chopped(cut).isValidUtf8())
            return true;
    }
    return false;
}

} // namespace

WrittenFilePreview::WrittenFilePreview(QObject *parent)
    : QObject(parent)
    , m_timeout(new QTimer(this))
{
    m_timeout->setSingleShot(true);
    connect(m_timeout, &QTimer::timeout, this, &WrittenFilePreview::finish);
}

WrittenFilePreview::~WrittenFilePreview()
{
    for (const QPointer<FileReadJob> &job : std::as_const(m_jobs)) {
        if (!job)
            continue;
        // The runner owns it; it goes once it has finished.
        job->disconnect(this);
        if (job->isFinished())
            job->deleteLater();
        else
            connect(job, &FileReadJob::finished, job, &QObject::deleteLater);
    }
}

void WrittenFilePreview::start(CommandRunner *runner, const QList<SafetyGate::WrittenFile> &files,
                               std::chrono::milliseconds timeout)
{
    m_files = files;
    for (const SafetyGate::WrittenFile &written : files) {
        Events::ApprovalFile file{.path = written.path,
                                  .stepId = written.stepId,
                                  .linesFrom = LinesFrom::None,
                                  .firstLines = {},
                                  .moreLines = false,
                                  .binary = false,
                                  .readError = Tr::tr("the sandbox did not answer in time")};
        fromCommand(file, written.writtenText);
        m_result.append(file);
    }
    if (!runner) {
        QMetaObject::invokeMethod(this, &WrittenFilePreview::finish, Qt::QueuedConnection);
        return;
    }
    for (int i = 0; i < files.size(); ++i) {
        FileReadJob *job = runner->readSandboxFile(files.at(i).path, MaxBytes);
        m_jobs.append(job);
        ++m_pending;
        connect(job, &FileReadJob::finished, this, [this, i] { onRead(i); });
    }
    m_timeout->start(timeout);
}

void WrittenFilePreview::onRead(int index)
{
    FileReadJob *job = m_jobs.value(index);
    if (!job || m_done)
        return;
    m_jobs[index].clear();
    job->deleteLater();
    Events::ApprovalFile &file = m_result[index];
    const Result<QByteArray> &read = job->result();
    if (read) {
        // The file as it is now: what would run, whatever the command once wrote.
        file.linesFrom = LinesFrom::Sandbox;
        file.readError.clear();
        file.firstLines.clear();
        file.moreLines = false;
        file.binary = !isText(read->left(8192));
        if (!file.binary)
            file.firstLines = firstLines(QString::fromUtf8(*read), &file.moreLines);
    } else {
        file.readError = read.error().message;
    }
    if (--m_pending == 0)
        finish();
}

void WrittenFilePreview::finish()
{
    if (m_done)
        return;
    m_done = true;
    m_timeout->stop();
    Q_EMIT ready(m_result);
}

QStringList WrittenFilePreview::firstLines(const QString &text, bool *more)
{
    QStringList lines = text.split(u'\n');
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast(); // the newline that ends the last line
    *more = lines.size() > MaxLines;
    lines = lines.mid(0, MaxLines);
    for (QString &line : lines) {
        if (line.endsWith(u'\r'))
            line.chop(1);
        if (line.size() > MaxLineLength)
            line = line.left(MaxLineLength) + QStringLiteral("…");
    }
    return lines;
}

} // namespace Terrarium::Core
