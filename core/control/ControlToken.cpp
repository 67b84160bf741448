#include "ControlToken.h"

#include "core/CoreTr.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QStandardPaths>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>

namespace Terrarium::Core {

namespace {

constexpr auto EnvironmentVariable = "TERRARIUM_CONTROL_TOKEN";

QString systemError()
{
    return QString::fromLocal8Bit(std::strerror(errno));
}

} // namespace

QString ControlToken::generate()
{
    std::array<quint32, 8> bits{};
    QRandomGenerator::system()->fillRange(bits.data(), bits.size());
    return QString::fromLatin1(
        QByteArray(reinterpret_cast<const char *>(bits.data()), sizeof(bits)).toHex());
}

QString ControlToken::defaultFile()
{
    return QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation)
        + QStringLiteral("/terrarium/control-token");
}

Result<void> ControlToken::makePrivateFolder(const QString &folder)
{
    if (!QDir().mkpath(folder) || ::chmod(QFile::encodeName(folder).constData(), 0700) != 0)
        return makeError(
            ErrorCode::IoError,
            Tr::tr("Cannot make the folder %1 for the control API: %2").arg(folder, systemError()));
    return {};
}

Result<QString> ControlToken::load(const QString &file, const QProcessEnvironment &environment)
{
    const QString fromEnvironment = environment.value(QLatin1String(EnvironmentVariable)).trimmed();
    if (!fromEnvironment.isEmpty()) {
        if (fromEnvironment.size() < MinimumChars)
            return makeError(ErrorCode::Configuration,
                             Tr::tr("%1 is shorter than %2 characters; a token that short could "
                                    "be guessed.")
                                 .arg(QLatin1String(EnvironmentVariable))
                                 .arg(MinimumChars));
        return fromEnvironment;
    }
    if (const auto folder = makePrivateFolder(QFileInfo(file).absolutePath()); !folder)
        return std::unexpected(folder.error());
    const QByteArray path = QFile::encodeName(file);
    // Made only if missing, readable by its owner alone from the start.
    const int created = ::open(path.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (created >= 0) {
        const QByteArray token = generate().toLatin1();
        const bool written =
            ::write(created, token.constData(), size_t(token.size())) == ssize_t(token.size());
        ::close(created);
        if (!written) {
            ::unlink(path.constData());
            return makeError(ErrorCode::IoError,
                             Tr::tr("Cannot write the control token to %1.").arg(file));
        }
        return QString::fromLatin1(token);
    }
    if (errno != EEXIST)
        return makeError(ErrorCode::IoError,
                         Tr::tr("Cannot create %1: %2").arg(file, systemError()));
    const int existing = ::open(path.constData(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    struct stat status
    {
    };
    if (existing < 0 || ::fstat(existing, &status) != 0) {
        const QString reason = systemError();
        if (existing >= 0)
            ::close(existing);
        return makeError(ErrorCode::IoError, Tr::tr("Cannot read %1: %2").arg(file, reason));
    }
    if (!S_ISREG(status.st_mode) || status.st_uid != ::geteuid() || (status.st_mode & 0077)) {
        ::close(existing);
        return makeError(ErrorCode::PermissionDenied,
                         Tr::tr("The control token file %1 is not yours alone (it must be a file "
                                "you own with mode 0600); remove it and a new one is made.")
                             .arg(file));
    }
    QByteArray token(128, '\0');
    const ssize_t read = ::read(existing, token.data(), size_t(token.size()));
    ::close(existing);
    token = token.left(std::max<ssize_t>(read, 0)).trimmed();
    if (token.size() < MinimumChars)
        return makeError(ErrorCode::Configuration,
                         Tr::tr("The control token file %1 holds no usable token; remove it and "
                                "a new one is made.")
                             .arg(file));
    return QString::fromLatin1(token);
}

bool ControlToken::matches(QByteArrayView expected, QByteArrayView candidate)
{
    // Every byte of the longer one is looked at, whatever differs where.
    const qsizetype length = std::max(expected.size(), candidate.size());
    unsigned char difference = expected.size() == candidate.size() ? 0 : 1;
    for (qsizetype i = 0; i < length; ++i) {
        const unsigned char a = i < expected.size() ? static_cast<unsigned char>(expected[i]) : 0;
        const unsigned char b = i < candidate.size() ? static_cast<unsigned char>(candidate[i]) : 0;
        difference |= a ^ b;
    }
    return difference == 0 && !expected.isEmpty();
}

} // namespace Terrarium::Core
