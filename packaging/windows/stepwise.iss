; Inno Setup script: the Windows installer for the one-folder bundle that
; packaging\stepwise-windows.spec builds. NOT BUILT OR TESTED HERE (needs Windows and
; Inno Setup 6). From the repository root:
;
;   iscc /DAppVersion=0.1.0 packaging\windows\stepwise.iss
;
; gives dist\stepwise-0.1.0-windows-x64-setup.exe. Sign both executables before this
; step and the installer after it (see packaging/README.md, "Windows"):
;   signtool sign /fd sha256 /tr http://timestamp.digicert.com /td sha256 /a <file>

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif

[Setup]
AppId={{6C1D2F0B-5E7A-4C59-9B1E-8C2E4D7A9F31}
AppName=Stepwise
AppVersion={#AppVersion}
AppPublisher=Stepwise
DefaultDirName={autopf}\Stepwise
DefaultGroupName=Stepwise
PrivilegesRequiredOverridesAllowed=dialog
PrivilegesRequired=lowest
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=..\..\dist
OutputBaseFilename=stepwise-{#AppVersion}-windows-x64-setup
SetupIconFile=..\..\build\pyinstaller\stepwise-windows\icons\stepwise.ico
UninstallDisplayIcon={app}\stepwisew.exe
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
ChangesEnvironment=yes

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "zh"; MessagesFile: "compiler:Languages\ChineseSimplified.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; Flags: unchecked
Name: "addtopath"; Description: "Add the stepwise command to PATH"; Flags: unchecked

[Files]
Source: "..\..\dist\stepwise\*"; DestDir: "{app}"; Flags: recursesubdirs ignoreversion

[Icons]
; The AppUserModelID ties Windows' notifications (the tray's balloon messages) and the
; taskbar button to this shortcut; the app should set the same ID at start
; (SetCurrentProcessExplicitAppUserModelID) — see packaging/README.md.
Name: "{group}\Stepwise"; Filename: "{app}\stepwisew.exe"; AppUserModelID: "Stepwise.Stepwise"
Name: "{autodesktop}\Stepwise"; Filename: "{app}\stepwisew.exe"; AppUserModelID: "Stepwise.Stepwise"; Tasks: desktopicon

[Registry]
Root: HKA; Subkey: "Environment"; ValueType: expandsz; ValueName: "Path"; \
  ValueData: "{olddata};{app}"; Tasks: addtopath; Check: NeedsAddPath(ExpandConstant('{app}'))

[Run]
Filename: "{app}\stepwisew.exe"; Description: "{cm:LaunchProgram,Stepwise}"; Flags: nowait postinstall skipifsilent

[Code]
function NeedsAddPath(Dir: string): Boolean;
var
  Paths: string;
begin
  if not RegQueryStringValue(HKEY_CURRENT_USER, 'Environment', 'Path', Paths) then
    Paths := '';
  Result := Pos(';' + Uppercase(Dir) + ';', ';' + Uppercase(Paths) + ';') = 0;
end;
